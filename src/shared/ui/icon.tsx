/**
 * Material Design icon from an @mdi/js path (DESIGN.md §3: icons from @mdi/js, tree-shaken per import).
 * Decorative by default; pass `label` when the icon alone carries meaning.
 * @module
 */

/** An inline 24×24 SVG icon. */
export function Icon({ path, label, size = 24, className }: { path: string; label?: string; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
    >
      <path d={path} fill="currentColor" />
    </svg>
  )
}
