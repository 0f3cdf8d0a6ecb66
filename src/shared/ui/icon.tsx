/**
 * Material Design icon from an @mdi/js path (DESIGN.md §3: icons from @mdi/js). Drawn from the
 * build's sprite (`icon-sprite.ts`) so the path data is not repeated in every page; inline when no
 * sprite is set. Decorative by default; pass `label` when the icon alone carries meaning.
 * @module
 */
import { iconId, iconSprite } from './icon-sprite'

/**
 * A 24×24 SVG icon. The default size comes from the stylesheet (`.icon:not([width])`), other sizes
 * from attributes: a page carries a few dozen icons, and every byte counts against the HTML budget
 * (≤ 30 KB in every language, DESIGN.md §4). No `focusable`: only IE needed it.
 */
export function Icon({ path, label, size = 24, className }: { path: string; label?: string; size?: number; className?: string }) {
  const sprite = iconSprite()
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox={sprite ? undefined : '0 0 24 24'}
      width={size === 24 ? undefined : size}
      height={size === 24 ? undefined : size}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      {sprite ? <use href={`${sprite}#${iconId(path)}`} /> : <path d={path} fill="currentColor" />}
    </svg>
  )
}
