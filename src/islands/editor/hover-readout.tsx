/**
 * The line under the two views that names the texel under the pointer, as image editors show the
 * pixel under the cursor: the body part, the layer and the face it belongs to, and its x and y in the
 * 64×64 texture ("Head · Hat · Front — 12, 10"). Both views feed it — the 3D view from its raycast,
 * the 2D view from its transform (and from its keyboard cursor) — and it is empty while the pointer is
 * over neither. It is written straight into the DOM, not through React state: it changes with every
 * texel the pointer crosses, mid-stroke too, and must not re-render the editor under a stroke. The
 * same place is on the element as `data-x`, `data-y`, `data-part`, `data-layer` and `data-face`.
 * @module
 */
import { forwardRef, useImperativeHandle, useRef } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { placeOf } from '../../shared/skin-editor/layout'
import { SIZE, type Model } from '../../shared/skin-editor/texture'
import type { BoxFace } from '../../shared/skin/skin-model'
import { LAYER_LABEL, PART_LABEL } from './editor-labels'

/** Each face of a part's box, from the player's point of view (as skin-model.ts names them). */
const FACE_LABEL = {
  top: 'editor.hover.faces.top',
  bottom: 'editor.hover.faces.bottom',
  right: 'editor.hover.faces.right',
  front: 'editor.hover.faces.front',
  left: 'editor.hover.faces.left',
  back: 'editor.hover.faces.back',
} as const satisfies Record<BoxFace, MessageKey>

/** What the island tells the read-out. */
export interface HoverReadoutHandle {
  /** The texel under the pointer (any integers; outside the texture counts as none), or null: off both views. */
  show(texel: readonly [number, number] | null, model: Model): void
}

const ATTRIBUTES = ['x', 'y', 'part', 'layer', 'face'] as const

/** The read-out line. */
export const HoverReadout = forwardRef<HoverReadoutHandle>(function HoverReadout(_props, ref) {
  const { t } = useI18n()
  const element = useRef<HTMLParagraphElement>(null)
  const words = useRef(t)
  words.current = t
  const shown = useRef('')

  useImperativeHandle(
    ref,
    () => ({
      show(texel, model) {
        const node = element.current
        if (!node) return
        const inside = texel !== null && texel[0] >= 0 && texel[1] >= 0 && texel[0] < SIZE && texel[1] < SIZE
        const key = inside ? `${texel[0]},${texel[1]},${model}` : ''
        if (key === shown.current) return
        shown.current = key
        for (const name of ATTRIBUTES) node.removeAttribute(`data-${name}`)
        if (!inside) {
          node.textContent = ''
          return
        }
        const [x, y] = texel
        const tr = words.current
        const place = placeOf(x, y, model)
        node.dataset.x = String(x)
        node.dataset.y = String(y)
        if (!place) {
          node.textContent = `${tr('editor.hover.unused')} — ${x}, ${y}`
          return
        }
        node.dataset.part = place.part
        node.dataset.layer = place.layer
        node.dataset.face = place.face
        // The base layer goes by the part's name; an overlay names what it is (hat, jacket, sleeve…).
        const layer = place.layer === 'base' ? tr(LAYER_LABEL.base) : tr(PART_LABEL.overlay[place.part])
        node.textContent = `${tr(PART_LABEL.base[place.part])} · ${layer} · ${tr(FACE_LABEL[place.face])} — ${x}, ${y}`
      },
    }),
    [],
  )

  return <p ref={element} className="editor-hover" />
})
