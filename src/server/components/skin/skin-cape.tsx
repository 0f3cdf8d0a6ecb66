/**
 * The cape a skin was signed with, in the skin page's 2D view (docs/signing.md "Capes"): the side of
 * the cape seen from behind, cropped from its texture — 10×16 texels at (1,1) of Mojang's 64×32
 * layout, as MineSkin's cape view crops it — and scaled 4× by the stylesheet without smoothing. No
 * script and no wrapper: the image's own box shows only that face (`object-fit: none`), and the 3D
 * viewer puts the cape on the player itself.
 * @module
 */
/** Props: the cape's texture hash (served at `/textures/{hash}`). */
export interface SkinCapeProps {
  hash: string
}

/**
 * The cape crop, laid over a corner of the render figure. As few bytes as it can be (the heaviest
 * skin page, which has a cape, must stay within 30 KB of HTML, src/server/html-budget.test.ts): no
 * class (the stylesheet finds it as the figure's only direct image), the size is the stylesheet's,
 * `loading="lazy"` keeps React from adding a preload link for it to the head (another 98 bytes), and
 * the alt is empty: the 3D viewer shows the same cape on the player, and the page has no bytes left
 * for a text about it.
 */
export function SkinCape({ hash }: SkinCapeProps) {
  return <img src={`/textures/${hash}`} alt="" loading="lazy" />
}
