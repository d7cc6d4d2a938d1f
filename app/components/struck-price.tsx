interface Props {
  /** The price before the discount and the one to pay, formatted. */
  original: string;
  now: string;
  /** What a screen reader says before each price (a struck line alone says nothing). */
  originalLabel: string;
  nowLabel: string;
}

/** A discounted price: the original struck through, then the price to pay. */
export function StruckPrice({ original, now, originalLabel, nowLabel }: Props) {
  return (
    <>
      <s className="text-body-secondary fw-normal me-2" data-testid="price-original">
        <span className="visually-hidden">{originalLabel} </span>
        {original}
      </s>
      <span className="text-success" data-testid="price-now">
        <span className="visually-hidden">{nowLabel} </span>
        {now}
      </span>
    </>
  );
}
