/**
 * The message keys of the editor's named things (tools, fill modes, poses, views, layers, models,
 * body parts, shortcut lines, source errors), written out as literals: the locale test finds every key
 * of `locales/en.json` as a quoted literal in src, so a key built from a template string would read as a
 * dead string, and a typo would only show as the raw key on screen. `satisfies` makes each table
 * complete for its union and every value a real key.
 * @module
 */
import type { MessageKey } from '../../shared/i18n/translator'
import type { Layer, Model } from '../../shared/skin-editor/texture'
import type { PartName } from '../../shared/skin/skin-model'
import type { FillMode } from './editor-settings'
import type { Pose } from './poses'
import type { ShortcutLabel } from './shortcuts'
import type { SourceErrorCode } from './sources'
import type { Tool } from './tools'

/** Each tool's name. */
export const TOOL_LABEL = {
  pencil: 'editor.tools.pencil',
  eraser: 'editor.tools.eraser',
  line: 'editor.tools.line',
  fill: 'editor.tools.fill',
  eyedropper: 'editor.tools.eyedropper',
  lighten: 'editor.tools.lighten',
  darken: 'editor.tools.darken',
  noise: 'editor.tools.noise',
} as const satisfies Record<Tool, MessageKey>

/** Each bucket fill mode. */
export const FILL_MODE_LABEL = {
  connected: 'editor.tools.fillModes.connected',
  face: 'editor.tools.fillModes.face',
  colour: 'editor.tools.fillModes.colour',
} as const satisfies Record<FillMode, MessageKey>

/** Each pose of the 3D player. */
export const POSE_LABEL = {
  stand: 'editor.views.poses.stand',
  walk: 'editor.views.poses.walk',
  wave: 'editor.views.poses.wave',
  tpose: 'editor.views.poses.tpose',
} as const satisfies Record<Pose, MessageKey>

/** The two views' tab names. */
export const VIEW_LABEL = { model: 'editor.views.model', texture: 'editor.views.texture' } as const satisfies Record<'model' | 'texture', MessageKey>

/** Each paint layer. */
export const LAYER_LABEL = { base: 'editor.layer.base', overlay: 'editor.layer.overlay' } as const satisfies Record<Layer, MessageKey>

/** Each arm model. */
export const MODEL_LABEL = { classic: 'editor.model.classic', slim: 'editor.model.slim' } as const satisfies Record<Model, MessageKey>

/** Each body part per layer: the base layer's by the part, the overlay's by what it is (hat, jacket…). */
export const PART_LABEL = {
  base: {
    head: 'editor.parts.base.head',
    body: 'editor.parts.base.body',
    rightArm: 'editor.parts.base.rightArm',
    leftArm: 'editor.parts.base.leftArm',
    rightLeg: 'editor.parts.base.rightLeg',
    leftLeg: 'editor.parts.base.leftLeg',
  },
  overlay: {
    head: 'editor.parts.overlay.head',
    body: 'editor.parts.overlay.body',
    rightArm: 'editor.parts.overlay.rightArm',
    leftArm: 'editor.parts.overlay.leftArm',
    rightLeg: 'editor.parts.overlay.rightLeg',
    leftLeg: 'editor.parts.overlay.leftLeg',
  },
} as const satisfies Record<Layer, Record<PartName, MessageKey>>

/** What each line of the shortcut help does. */
export const SHORTCUT_LABEL = {
  pencil: 'editor.keys.pencil',
  eraser: 'editor.keys.eraser',
  line: 'editor.keys.line',
  fill: 'editor.keys.fill',
  fillMode: 'editor.keys.fillMode',
  eyedropper: 'editor.keys.eyedropper',
  lighten: 'editor.keys.lighten',
  darken: 'editor.keys.darken',
  noise: 'editor.keys.noise',
  size: 'editor.keys.size',
  mirror: 'editor.keys.mirror',
  swapLayer: 'editor.keys.swapLayer',
  undo: 'editor.keys.undo',
  redo: 'editor.keys.redo',
  zoom: 'editor.keys.zoom',
  fit: 'editor.keys.fit',
  swapView: 'editor.keys.swapView',
  pose: 'editor.keys.pose',
  turn: 'editor.keys.turn',
  paintKeys: 'editor.keys.paintKeys',
  download: 'editor.keys.download',
  help: 'editor.keys.help',
} as const satisfies Record<ShortcutLabel, MessageKey>

/** Why a source could not be opened, per stable code. */
const SOURCE_ERROR = {
  not_png: 'editor.errors.not_png',
  bad_size: 'editor.errors.bad_size',
  too_large: 'editor.errors.too_large',
  bad_png: 'editor.errors.bad_png',
  texture_missing: 'editor.errors.texture_missing',
  invalid_user: 'editor.errors.invalid_user',
  player_not_found: 'editor.errors.player_not_found',
  player_without_skin: 'editor.errors.player_without_skin',
  invalid_image_url: 'editor.errors.invalid_image_url',
  blocked_url_host: 'editor.errors.blocked_url_host',
  invalid_image: 'editor.errors.invalid_image',
  rate_limit: 'editor.errors.rate_limit',
  upstream: 'editor.errors.upstream',
  network: 'editor.errors.network',
} as const satisfies Record<SourceErrorCode, MessageKey>

/** The words for a source error's code; a code this build does not know reads as the service's failure. */
export const sourceErrorKey = (code: string): MessageKey => (Object.hasOwn(SOURCE_ERROR, code) ? SOURCE_ERROR[code as SourceErrorCode] : 'editor.errors.upstream')
