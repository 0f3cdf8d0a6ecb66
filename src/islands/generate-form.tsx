/**
 * The generate form (SPEC §2 Generate, §3 "Generate options" and "Generate form state", §5): three
 * ways in — image URLs, skin files (picker, drop anywhere on the form, paste), players by name or
 * uuid — then name, visibility, variant and cape. Using one way folds the other two away. Each item
 * becomes a job through `POST /api/v2/queue`; the jobs join the shared queue store, which the drawer,
 * the jobs button and the list under the form show. A caller with the grant `batch_generation` may
 * paste up to 24 links or players at once (one per line) and they go as one `POST /api/v2/queue/batch`
 * (docs/api.md "Batch generation"); each item still becomes its own job. Without JavaScript it is a
 * plain multipart form that the web app queues itself (one file, link or player).
 * @module
 */
import { mdiAccountMultiple, mdiImageMultiple, mdiLink } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useEffect, useState, type DragEvent, type FormEvent, type ReactNode } from 'react'
import type { Cape, GenerateOptions } from '../shared/api/generate-api'
import { useI18n } from '../shared/i18n/context'
import type { Translate } from '../shared/i18n/translator'
import { SKIN_NAME, SKIN_NAME_MAX } from '../shared/schemas/api/patterns'
import { playerInputKind } from '../shared/skin/player-input'
import { $auth, hasGrant } from '../shared/stores/auth'
import { $generateForm, $uploadFiles, EMPTY_FORM, patchGenerateForm, type GenerateForm as FormState } from '../shared/stores/generate-form'
import { $generateLimits, remainingAllowance, secondsUntilRetry } from '../shared/stores/generate-limits'
import { $queue, hasPendingJobs, visibleEntries } from '../shared/stores/queue'
import { Icon } from '../shared/ui/icon'
import { ListFields, type FieldHint } from './generate/list-fields'
import { OptionFields } from './generate/option-fields'
import { BATCH_SIZE } from '../shared/stores/generate-limits'
import type { PlannedItem } from './generate/submit'
import { UploadField } from './generate/upload-field'
import { addUploadFiles, markUploadError, removeUploadFiles, sendableFiles } from './generate/upload-files'
import { usePlayerChecks, type PlayerCheckState } from './generate/use-player-checks'
import { JobItems } from './job-items'
import { loadBrowserApi } from './load-api'
import { useNow } from './use-now'

/** Props of the generate form island. */
export interface GenerateFormProps {
  /** Where the plain (no-JavaScript) form posts: the localised `/generate`. */
  action: string
  /** Feature flag `web.visibility.private` (SPEC §2). */
  privateFlag: boolean
  /** Why the server refused a plain form post, in the visitor's language. */
  serverErrors?: string[]
  /** What that refused post held, to fill the form again. */
  submitted?: Partial<Pick<FormState, 'name' | 'visibility' | 'variant'>> & { url?: string; user?: string }
}

type Mode = 'url' | 'upload' | 'user'

const filled = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))]

/** The hint under a player field: the check's verdict (SPEC §5: invalid ones are marked and skipped). */
function playerHint(value: string, check: PlayerCheckState | undefined, t: Translate): FieldHint | undefined {
  if (playerInputKind(value) === 'invalid') return { text: t('generate.playerFormat'), tone: 'error' }
  if (check === undefined) return undefined
  if (check === 'checking') return { text: t('generate.checking'), tone: 'muted' }
  if (check.state === 'valid') return { text: t('generate.playerFound', { name: check.name }), tone: 'success' }
  if (check.state === 'unknown') return { text: t('generate.playerUnchecked', { message: check.message }), tone: 'muted' }
  return { text: t('generate.playerNotFound'), tone: 'error' }
}

/** One of the three ways in. */
function ModeSection({ icon, title, text, hidden, children }: { icon: string; title: string; text: string; hidden: boolean; children: ReactNode }) {
  return (
    <fieldset className="generate-mode" hidden={hidden}>
      <legend className="generate-mode__title">
        <Icon path={icon} size={28} className="generate-mode__icon" />
        {title}
      </legend>
      <p className="generate-mode__text">{text}</p>
      {children}
    </fieldset>
  )
}

/** The generate form island. */
export default function GenerateFormIsland({ action, privateFlag, serverErrors = [], submitted }: GenerateFormProps) {
  const i18n = useI18n()
  const { t } = i18n
  const [serverForm] = useState<FormState>(() => ({
    ...EMPTY_FORM,
    ...(submitted?.name ? { name: submitted.name } : {}),
    ...(submitted?.visibility ? { visibility: submitted.visibility } : {}),
    ...(submitted?.variant ? { variant: submitted.variant } : {}),
    urls: [submitted?.url ?? ''],
    users: [submitted?.user ?? ''],
  }))
  // Server and hydrating render show the server's form; the stored form takes over right after.
  const form = useStore($generateForm, { ssr: () => serverForm })
  const files = useStore($uploadFiles, { ssr: () => [] })
  const auth = useStore($auth, { ssr: () => ({ status: 'unknown' as const }) })
  const limits = useStore($generateLimits, { ssr: () => ({}) })
  const queue = useStore($queue, { ssr: () => ({}) })
  const [interactive, setInteractive] = useState(false)
  const [sending, setSending] = useState(false)
  const [dragging, setDragging] = useState(false)
  const [problem, setProblem] = useState<string>()
  // Keyed by what the visitor typed: a Map, so a typed `__proto__` reads nothing inherited.
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(() => new Map())
  const [capes, setCapes] = useState<Cape[]>([])
  const { checks, check } = usePlayerChecks(form.users)

  const allowance = remainingAllowance(limits, Date.now())
  const now = useNow(limits.retryAt !== undefined || allowance !== null, 1000)
  const retryIn = secondsUntilRetry(limits, now)
  const liveAllowance = remainingAllowance(limits, now)

  useEffect(() => {
    setInteractive(true)
    // A page closed mid-generation leaves the flag set; with nothing pending it would block the form for good.
    if ($generateForm.get().generating && !hasPendingJobs($queue.get())) patchGenerateForm({ generating: false })
  }, [])

  // Paste an image anywhere on the page; text pastes go to the focused field as usual.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const images = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'))
      if (images.length === 0) return
      event.preventDefault()
      warm()
      addUploadFiles(images)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  }, [])

  // Capes are for signed-in callers with the `capes` grant (reference/mineskin-api.md §1.5).
  const capesAllowed = hasGrant(auth, 'capes')
  useEffect(() => {
    if (!capesAllowed) return setCapes([])
    let live = true
    Promise.all([loadBrowserApi(), import('../shared/api/generate-api')])
      .then(([api, calls]) => calls.listCapes(api))
      .then((list) => live && setCapes(list), (error: unknown) => console.warn('[generate] capes', error))
    return () => {
      live = false
    }
  }, [capesAllowed])

  const urls = filled(form.urls)
  const users = filled(form.users)
  const goodFiles = sendableFiles(files)
  const mode: Mode | null = !interactive ? null : files.length > 0 ? 'upload' : urls.length > 0 ? 'url' : users.length > 0 ? 'user' : null
  const usable = (value: string) => {
    const verdict = checks.get(value)
    return playerInputKind(value) !== 'invalid' && !(typeof verdict === 'object' && verdict.state === 'invalid')
  }
  const count = mode === 'upload' ? goodFiles.length : mode === 'url' ? urls.length : mode === 'user' ? users.filter(usable).length : 0
  const name = form.name.trim()
  const nameInvalid = name !== '' && (!SKIN_NAME.test(name) || name.length > SKIN_NAME_MAX)
  const allowPrivate = privateFlag && hasGrant(auth, 'private_skins')
  // Links and players go as one batch (grant from `/v2/me`, via the auth check).
  const batchAllowed = hasGrant(auth, 'batch_generation')
  // The visitor works in the form (focus, input, a drop, a paste): the click's code loads now, not after
  // the click (some 60 ms of chunks before the submit, more than a local signer's job takes).
  const warm = () => void Promise.all([import('./generate/submit'), loadBrowserApi()]).catch(() => undefined)
  const batchHint = batchAllowed ? <p className="field-hint field-hint--muted generate__batch-hint">{t('generate.batchHint', { max: BATCH_SIZE })}</p> : null
  const shown = allowPrivate || form.visibility !== 'private' ? form : { ...form, visibility: 'public' as const }
  const busy = sending || form.generating
  const recent = visibleEntries(queue, now)

  /** The items of the active way, in form order; players are checked first (invalid ones are skipped). */
  const plan = async (): Promise<PlannedItem[]> => {
    if (mode === 'upload') return goodFiles.map((f) => ({ key: f.key, item: { type: 'upload', file: f.file, fileName: f.file.name }, source: { type: 'upload', content: f.file.name, name: f.file.name } }))
    if (mode === 'url') return urls.map((url) => ({ key: url, item: { type: 'url', url }, source: { type: 'url', content: url, name: url } }))
    const planned: PlannedItem[] = []
    for (const value of users) {
      const verdict = await check(value)
      if (verdict.state === 'invalid') continue
      const player = verdict.state === 'valid' ? { user: verdict.uuid, name: verdict.name } : { user: value, name: value }
      planned.push({ key: value, item: { type: 'user', user: player.user }, source: { type: 'user', content: value, name: player.name } })
    }
    return planned
  }

  /** The item was queued: it leaves the form. */
  const letGo = (key: string) => {
    if (mode === 'upload') return removeUploadFiles([key])
    const field = mode === 'url' ? 'urls' : 'users'
    const rest = $generateForm.get()[field].filter((value) => value.trim() !== key)
    patchGenerateForm({ [field]: rest.length ? rest : [''] })
  }

  const refuse = (key: string, message: string) => {
    if (mode === 'upload') markUploadError(key, message)
    else setRefusals((current) => new Map(current).set(key, message))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    if (busy || retryIn > 0) return
    if (nameInvalid) return setProblem(t('generate.nameInvalid'))
    setSending(true)
    try {
      const items = await plan()
      if (items.length === 0) return setProblem(t('generate.nothingToSend'))
      patchGenerateForm({ generating: true })
      const options: GenerateOptions = { visibility: shown.visibility, variant: form.variant, name: name || undefined, cape: mode !== 'user' ? form.cape || undefined : undefined }
      const useBatch = batchAllowed && items.length > 1 && items.every((planned) => planned.item.type !== 'upload')
      const [send, api] = await Promise.all([
        useBatch ? import('./generate/submit-batch').then((m) => m.submitBatch) : import('./generate/submit').then((m) => m.submitItems),
        loadBrowserApi(),
      ])
      const result = await send(items, options, {
        api,
        i18n,
        now: Date.now,
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        onQueued: letGo,
        onRefused: refuse,
      })
      if (result.queued === 0) patchGenerateForm({ generating: false })
    } catch (error) {
      patchGenerateForm({ generating: false })
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setSending(false)
    }
  }

  const clearMode = () => {
    if (mode === 'upload') removeUploadFiles(files.map((f) => f.key))
    else if (mode) patchGenerateForm({ [mode === 'url' ? 'urls' : 'users']: [''] })
  }

  const onDragOver = (event: DragEvent) => {
    event.preventDefault()
    setDragging(true)
  }
  const onDragLeave = (event: DragEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    warm()
    if (event.dataTransfer.files.length > 0) return addUploadFiles(event.dataTransfer.files)
    // A link dragged from another tab (an image's address) becomes a URL item.
    const link = event.dataTransfer.getData('text/uri-list').split('\n').find((line) => /^https?:\/\//.test(line.trim()))
    if (link) patchGenerateForm({ urls: [...form.urls.filter((v) => v.trim()), link.trim()] })
  }

  const refusalHint = (value: string): FieldHint | undefined => {
    const text = refusals.get(value)
    return text ? { text, tone: 'error' } : undefined
  }
  const urlHint = refusalHint
  const userHint = (value: string): FieldHint | undefined => refusalHint(value) ?? playerHint(value, checks.get(value), t)
  const limitText = retryIn > 0 ? t('generate.retryIn', { seconds: retryIn }) : liveAllowance ? t(liveAllowance.per === 'minute' ? 'generate.remainingMinute' : 'generate.remainingHour', { count: liveAllowance.count }) : ''

  return (
    <form
      className={dragging ? 'generate is-dragging' : 'generate'}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={submit}
      onFocus={warm}
      onChange={warm}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      aria-labelledby="generate-title"
    >
      <h2 id="generate-title" className="card__title">
        {t('generate.title')}
      </h2>
      {serverErrors.length > 0 && (
        <div className="notice notice--error" role="alert">
          <p>{t('generate.notQueued')}</p>
          <ul>
            {serverErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={mode ? 'generate__modes generate__modes--one' : 'generate__modes'}>
        <ModeSection icon={mdiLink} title={t('generate.fromUrl')} text={t('generate.fromUrlText')} hidden={mode !== null && mode !== 'url'}>
          <ListFields
            name="url"
            type="url"
            values={form.urls}
            onChange={(values) => patchGenerateForm({ urls: values })}
            label={(index) => t('generate.urlLabel', { index })}
            addLabel={t('generate.addUrl')}
            removeLabel={(index) => t('generate.removeUrl', { index })}
            placeholder="https://…/skin.png"
            interactive={interactive}
            hint={urlHint}
            pasteLines={batchAllowed ? BATCH_SIZE : undefined}
          />
          {batchHint}
        </ModeSection>
        <ModeSection icon={mdiImageMultiple} title={t('generate.fromUpload')} text={t('generate.fromUploadText')} hidden={mode !== null && mode !== 'upload'}>
          <UploadField interactive={interactive} />
        </ModeSection>
        <ModeSection icon={mdiAccountMultiple} title={t('generate.fromUser')} text={t('generate.fromUserText')} hidden={mode !== null && mode !== 'user'}>
          <ListFields
            name="user"
            type="text"
            values={form.users}
            onChange={(values) => patchGenerateForm({ users: values })}
            label={(index) => t('generate.userLabel', { index })}
            addLabel={t('generate.addUser')}
            removeLabel={(index) => t('generate.removeUser', { index })}
            placeholder="Notch"
            interactive={interactive}
            hint={userHint}
            pasteLines={batchAllowed ? BATCH_SIZE : undefined}
          />
          {batchHint}
        </ModeSection>
      </div>
      {mode && (
        <button type="button" className="button button--text button--small generate__other-way" onClick={clearMode}>
          {t('generate.otherWay')}
        </button>
      )}
      <OptionFields form={shown} onChange={patchGenerateForm} allowPrivate={allowPrivate} capes={mode === 'user' ? [] : capes} nameInvalid={nameInvalid} />
      <div className="generate__actions">
        <button type="submit" className="button button--primary button--large" disabled={busy || retryIn > 0} aria-busy={busy || undefined}>
          {busy ? t('generate.generating') : count > 1 ? t('generate.submitCount', { count }) : t('generate.submit')}
        </button>
        <p className="generate__limit" aria-live="polite">
          {limitText}
        </p>
        {problem && (
          <p className="field-hint field-hint--error" role="alert">
            {problem}
          </p>
        )}
        <noscript>
          <p className="field-hint field-hint--muted">{t('generate.noscript')}</p>
        </noscript>
      </div>
      {recent.length > 0 && (
        <section className="generate__jobs" aria-labelledby="generate-jobs-title">
          <h3 id="generate-jobs-title" className="generate__jobs-title">
            {t('generate.recentJobs')}
          </h3>
          <JobItems entries={recent} />
        </section>
      )}
    </form>
  )
}
