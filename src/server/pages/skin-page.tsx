/**
 * Skin detail (SPEC §2 `/skins/{skin}`, reference/mineskin-api.md §3.5): the body
 * render beside the facts, everything a server owner copies, the commands box and similar skins.
 * Slots other parts mount into: the 3D viewer inside the render figure, the owner's controls in the
 * header next to the name, the community bar (views, likes, tags, report) under the facts. Under the
 * render, beside download and "Edit a copy", "Wear this skin" posts to the account site for every
 * visitor ("Wear it": it sends a visitor who is not signed in, or has no linked account, there first).
 * @module
 */
import { mdiBrush, mdiDownload } from '@mdi/js'
import { useI18n } from '../../shared/i18n/context'
import type { SkinInfo, SkinListItem, SkinTagsResponse, SkinUserResponse } from '../../shared/schemas/api'
import { editCopyPath, skinPath } from '../../shared/routes'
import type { CommandSkin } from '../../shared/skin/give-commands'
import type { CommandTab } from '../../shared/skin/skin-commands'
import { Icon } from '../../shared/ui/icon'
import { WearForm } from '../../shared/ui/wear-form'
import { SimilarSkins } from '../components/skin/similar-skins'
import { SkinCommands } from '../components/skin/skin-commands'
import { SkinCape } from '../components/skin/skin-cape'
import { SkinData } from '../components/skin/skin-data'
import { SkinFacts } from '../components/skin/skin-facts'
import { SkinHeader } from '../components/skin/skin-header'
import { SkinSeo, type SkinSeoProps } from '../components/skin/skin-seo'
import { Island } from '../render/island'

/** What the route hands the page. */
export interface SkinPageProps {
  skin: SkinInfo
  displayName: string
  generatedName: boolean
  /** This site's direct link, `${publicUrl}/{uuid}`. */
  directLink: string
  /** Same-origin texture path, `/textures/{hash}`. */
  textureUrl: string
  /** The account site's base (app option `accountUrl`), where "Wear this skin" posts. */
  accountUrl: string
  /** Inputs of the commands box and its selected tab. */
  command: { skin: CommandSkin; tab: CommandTab }
  /** Similar skins (empty when the flag is off or the API had none). */
  similar: SkinListItem[]
  /** Structured data inputs. */
  seo: Omit<SkinSeoProps, 'skin' | 'name'>
  /** The skin this one was remixed from, when the visitor may see it (its uuid and shown name). */
  remixOf?: { uuid: string; name: string }
  /**
   * The community bar's and the owner's inputs: tags as the API lists them for this visitor (null:
   * flag `web.tags.visible` off), what the visitor may do (`/user`; null when the API does not know
   * them) and the flags they obey.
   */
  community?: { tags: SkinTagsResponse['tags'] | null; user: SkinUserResponse['user'] | null; report: boolean; privateFlag: boolean }
}

/** A tag for the community island's props, without the defaults (no vote, not suggested): bytes a tag. */
const compactTag = ({ tag, vote, suggested }: SkinTagsResponse['tags'][number]) => ({ tag, ...(vote ? { vote } : {}), ...(suggested ? { suggested } : {}) })

/** What the owner's dialogs read of the `/user` answer (the rest is not sent). */
const ownerRights = ({ canEdit, canDelete, editReason, deleteReason }: SkinUserResponse['user']) => ({ canEdit, canDelete, editReason, deleteReason })

/** The skin page body. */
export function SkinPage({ skin, displayName, generatedName, directLink, textureUrl, accountUrl, command, similar, seo, remixOf, community = { tags: null, user: null, report: false, privateFlag: false } }: SkinPageProps) {
  const { t, locale } = useI18n()
  return (
    <article className="skin-page">
      <SkinHeader skin={skin} displayName={displayName} generatedName={generatedName} remixOf={remixOf}>
        {community.user?.isOwner && (
          <Island name="skin-owner" props={{ uuid: skin.uuid, name: skin.name ?? '', visibility: skin.visibility, privateFlag: community.privateFlag, user: ownerRights(community.user) }} />
        )}
      </SkinHeader>
      <div className="skin-page__layout">
        <div className="skin-page__aside">
          <figure className="card skin-page__render">
            {/* The 3D viewer island shows this 2D render until (and unless) WebGL takes over. */}
            <Island
              name="skin-viewer"
              props={{ texture: skin.texture.hash.skin, cape: skin.texture.hash.cape, slim: skin.variant === 'slim', name: displayName }}
            />
            {skin.texture.hash.cape && <SkinCape hash={skin.texture.hash.cape} />}
            <figcaption>
              <a className="button button--primary" href={`${textureUrl}?attachment`} download>
                <Icon path={mdiDownload} />
                {t('pages.skin.download')}
              </a>
              {/* A plain link: the editor opens a copy of this skin; signing it makes a new skin that records this one. */}
              <a className="button button--outlined" href={editCopyPath(skin.uuid, locale)}>
                <Icon path={mdiBrush} />
                {t('pages.skin.editCopy')}
              </a>
              {/* No hint line under it: the heaviest skin page (Hindi) has no bytes left for one (HTML ≤ 30 KB). */}
              <WearForm accountUrl={accountUrl} skin={skin.uuid} back={skinPath(skin.uuid, locale)} />
            </figcaption>
          </figure>
        </div>
        <div className="skin-page__main">
          <section className="card skin-page__facts" aria-label={t('pages.skin.factsTitle')}>
            <SkinFacts skin={skin} />
            <div className="skin-page__community">
              <Island
                name="skin-community"
                props={{ uuid: skin.uuid, views: skin.views, likes: skin.likes ?? 0, liked: community.user?.liked ?? false, tags: community.tags && community.tags.map(compactTag), report: community.report }}
              />
            </div>
          </section>
          <SkinData skin={skin} directLink={directLink} />
          <SkinCommands skin={command.skin} tab={command.tab} />
        </div>
      </div>
      <SimilarSkins skins={similar} />
      <SkinSeo skin={skin} name={displayName} {...seo} />
      <Island name="copy-buttons" props={{ copy: t('pages.skin.copy'), copied: t('pages.skin.copied') }} />
    </article>
  )
}
