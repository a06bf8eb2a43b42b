import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; label: string; closeLabel: string; className?: string; children: ReactNode };

/** A native modal dialog: focus moves in and back, Escape and the close button close it. */
export default function Dialog({ open, onClose, label, closeLabel, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  // Taken away while open (its owner unmounted it): close it first, so the browser hands focus back to the opener.
  useLayoutEffect(() => () => { if (ref.current?.open) ref.current.close(); }, []);
  return (
    <dialog ref={ref} className={`dialog ${className ?? ''}`} aria-label={label} onClose={onClose}
      onClick={(e) => { if (e.target === ref.current) onClose(); }}>
      <button type="button" className="dialog__close" onClick={onClose} aria-label={closeLabel}>×</button>
      {open && children}
    </dialog>
  );
}
