/**
 * The generate form's cape preview (docs/features.md "Generating from the site"): the chosen cape in
 * 2D — the skin page's crop (src/server/components/skin/skin-cape.tsx): the side seen from behind,
 * 10×16 texels at (1,1) of the 64×32 texture, scaled 4× without smoothing — read from same-origin
 * `/textures/{hash}`, and the 3D view on request (cape-3d.tsx). Its own lazy chunk, imported by
 * option-fields.tsx only once there are capes to choose from (only callers with the `capes` grant get
 * any): the home page's JavaScript budget (DESIGN.md §4) has no room for it. Its strings come with it
 * (cape-strings.ts).
 * @module
 */
import { useEffect, useState } from 'react'
import type { Translate } from '../../shared/i18n/translator'
import type { Cape } from '../../shared/api/generate-api'
import { textureAddress, textureHashOf } from '../../shared/skin/texture-address'
import type { GenerateForm } from '../../shared/stores/generate-form'
import { Cape3d } from './cape-3d'
import { loadCapeStrings } from './cape-strings'

/** Props of the preview: the chosen cape and the form's model choice. */
export interface CapePreviewProps {
  cape: Cape
  variant: GenerateForm['variant']
}

// This chunk loads once there are capes to choose from; its strings start on their way with it, so they
// are here when a cape is chosen.
void loadCapeStrings()

/** The preview of one cape (keyed by the cape: a new one starts afresh). */
export default function CapePreview({ cape, variant }: CapePreviewProps) {
  // undefined while the strings are on their way (React's `use` would add its code to the React chunk
  // every page loads; option-fields.tsx says why that matters).
  const [t, setT] = useState<Translate | null>()
  const [pictured, setPictured] = useState(true)
  useEffect(() => {
    let live = true
    void loadCapeStrings().then((strings) => live && setT(() => strings))
    return () => {
      live = false
    }
  }, [])
  // A url that does not end in a texture hash names nothing this site serves: no preview then.
  const hash = textureHashOf(cape.url)
  if (!hash || t === undefined) return null
  return (
    <div className="cape-preview">
      {pictured ? (
        <span className="cape-preview__crop">
          <img src={textureAddress(hash)} alt={t ? t('capePreview.alt', { alias: cape.alias }) : cape.alias} onError={() => setPictured(false)} />
        </span>
      ) : (
        // A Mojang account's cape is stored here once a first skin is signed with it (docs/api.md "Capes").
        t && <p className="field-hint field-hint--muted">{t('capePreview.noPicture', { alias: cape.alias })}</p>
      )}
      {/* The 3D view needs the cape's picture as much as the 2D one does. */}
      {t && pictured && <Cape3d hash={hash} alias={cape.alias} variant={variant} t={t} />}
    </div>
  )
}
