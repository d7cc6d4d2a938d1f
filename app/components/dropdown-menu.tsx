import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownMenuProps {
  label: ReactNode;
  /** Accessible name when the label is only an icon or a short code. */
  ariaLabel?: string;
  align?: 'start' | 'end';
  buttonClassName?: string;
  children: (close: () => void) => ReactNode;
  testId?: string;
}

/**
 * A small accessible dropdown with Bootstrap's classes: a button that opens a menu,
 * closed by Escape, a click outside, or choosing an item. Lighter than a positioning
 * library for menus that simply hang below their button.
 */
export function DropdownMenu({ label, ariaLabel, align = 'end', buttonClassName = 'btn btn-link', children, testId }: DropdownMenuProps) {
  const { open, setOpen, rootRef } = usePopup();
  const menuId = useId();

  return (
    <div className="dropdown" ref={rootRef} data-testid={testId}>
      <button
        type="button"
        className={`${buttonClassName} dropdown-toggle`}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <div id={menuId} className={`dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''}`} style={align === 'end' ? { right: 0, left: 'auto' } : undefined}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}

/**
 * The open state of a menu or picker that hangs below its button (this menu, the chat's emoji
 * picker): closed again by Escape or
 * a press outside `rootRef` (the element holding both the button and the popup).
 */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, setOpen, rootRef };
}
