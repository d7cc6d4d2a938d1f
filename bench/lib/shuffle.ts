/**
 * The items in a shuffled order that is the same for the same number of items (a
 * Fisher-Yates shuffle driven by xorshift32 from a fixed seed): a bench's runs and setups
 * get one order, so that they differ only in what is measured.
 */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  let seed = 0x9e3779b9;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
