// A box over the screen (the rules, the story, a question), closed with its button or Esc.
import type { ReactNode } from 'react';

export function Overlay({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="overlay" role="dialog" aria-label={title}>
      <div className="overlay-box">
        <div className="overlay-title">
          <h2>{title}</h2>
          <button type="button" onClick={onClose} aria-label="Close">
            Close (Esc)
          </button>
        </div>
        <div className="overlay-body">{children}</div>
      </div>
    </div>
  );
}
