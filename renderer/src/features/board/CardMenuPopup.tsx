import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

export interface CardMenuItem {
  key: string;
  label: string;
  /** Items with the same group follow a heading ("Move to"). */
  group?: string;
  isDanger?: boolean;
  onSelect: () => void;
}

interface CardMenuPopupProps {
  id: string;
  anchor: RefObject<HTMLElement | null>;
  label: string;
  items: CardMenuItem[];
  onClose: (reason: 'escape' | 'outside') => void;
}

const MENU_WIDTH = 208;
const GAP = 4;

/** Where the menu goes: under the button, right-aligned, flipped up if it would leave the window. */
function placeMenu(anchor: DOMRect, height: number): { top: number; left: number } {
  const left = Math.max(
    GAP,
    Math.min(anchor.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - GAP),
  );
  const below = anchor.bottom + GAP;
  const top =
    below + height > window.innerHeight ? Math.max(GAP, anchor.top - height - GAP) : below;
  return { top, left };
}

/**
 * A menu in the page's top layer (a portal with fixed position), so the column's scroll box does
 * not clip it. Arrow keys, Home and End move between items; Esc or Tab closes it.
 */
export function CardMenuPopup({ id, anchor, label, items, onClose }: CardMenuPopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (!rect || !ref.current) return;
    setPosition(placeMenu(rect, ref.current.offsetHeight));
    ref.current.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  // A press elsewhere or a scroll (which would leave the menu behind) closes it.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (ref.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose('outside');
    };
    const onScroll = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) onClose('outside');
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [anchor, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const menuItems = Array.from(
      ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const at = menuItems.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) =>
      menuItems[(index + menuItems.length) % menuItems.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(menuItems.length - 1);
    else if (event.key === 'Escape') onClose('escape');
    else if (event.key === 'Tab') onClose('outside');
    else return;
    if (event.key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      className="card-menu"
      style={{
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        width: MENU_WIDTH,
        visibility: position ? 'visible' : 'hidden',
      }}
      onKeyDown={onKeyDown}
      data-testid="card-menu"
    >
      {items.map((item, index) => {
        const lastGroup = items[index - 1]?.group;
        const heading =
          item.group && item.group !== lastGroup ? (
            <div className="card-menu-heading" role="presentation" key={`${item.group}-heading`}>
              {item.group}
            </div>
          ) : null;
        const separator =
          !item.group && lastGroup ? (
            <div className="card-menu-separator" role="separator" key={`${item.key}-separator`} />
          ) : null;
        return [
          heading,
          separator,
          <button
            key={item.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.isDanger ? 'card-menu-item card-menu-item-danger' : 'card-menu-item'}
            onClick={item.onSelect}
            data-testid={`card-menu-${item.key}`}
          >
            {item.group ? <span className="visually-hidden">{item.group} </span> : null}
            {item.label}
          </button>,
        ];
      })}
    </div>,
    document.body,
  );
}
