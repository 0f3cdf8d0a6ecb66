/**
 * Options of the generate form (SPEC §3 "Generate options"; reference/mineskin-api.md §3.3): name,
 * visibility (private only where the flag is on and the caller holds `private_skins`), variant, and a
 * cape (signed-in callers only, never for players, choices from `/v2/capes`) with a preview of it.
 * @module
 */
import { useEffect, useId, useState, type ReactNode } from 'react'
import type { Cape } from '../../shared/api/generate-api'
import { useI18n } from '../../shared/i18n/context'
import { SKIN_NAME_MAX } from '../../shared/schemas/api/patterns'
import type { GenerateForm } from '../../shared/stores/generate-form'

/** Props of {@link OptionFields}. */
export interface OptionFieldsProps {
  form: GenerateForm
  onChange: (patch: Partial<GenerateForm>) => void
  /** Offer "private". */
  allowPrivate: boolean
  /** Capes to offer; none hides the choice. */
  capes: Cape[]
  /** The name breaks the API's rule. */
  nameInvalid: boolean
}

/** A labelled select of `[value, label]` options, and what goes under it. */
function SelectField(props: { id: string; name: string; label: string; value: string; onChange: (value: string) => void; options: readonly (readonly [string, string])[]; children?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} className="select" name={props.name} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {props.children}
    </div>
  )
}

/** The option fields. */
export function OptionFields({ form, onChange, allowPrivate, capes, nameInvalid }: OptionFieldsProps) {
  const { t } = useI18n()
  const id = useId()
  const cape = capes.find((c) => c.uuid === form.cape)
  // The cape preview is a chunk of its own (cape-preview.tsx; the home page's JavaScript budget,
  // DESIGN.md §4), fetched once there are capes to choose from — only callers with the `capes` grant
  // get any. No React.lazy: its code would join the React chunk every page loads. A chunk that fails
  // to load leaves the choice without a preview.
  const [Preview, setPreview] = useState<typeof import('./cape-preview').default>()
  const offered = capes.length > 0
  useEffect(() => {
    if (offered) import('./cape-preview').then((m) => setPreview(() => m.default), () => undefined)
  }, [offered])
  return (
    <fieldset className="generate-options">
      <legend className="generate-options__legend">{t('generate.options')}</legend>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('generate.name')}</label>
        <input
          id={`${id}-name`}
          className={nameInvalid ? 'text-input is-invalid' : 'text-input'}
          name="name"
          value={form.name}
          maxLength={SKIN_NAME_MAX}
          onChange={(event) => onChange({ name: event.target.value })}
          aria-invalid={nameInvalid || undefined}
          aria-describedby={`${id}-name-hint`}
          autoComplete="off"
        />
        <p id={`${id}-name-hint`} className={nameInvalid ? 'field-hint field-hint--error' : 'field-hint field-hint--muted'}>
          {nameInvalid ? t('generate.nameInvalid') : t('generate.nameHint')}
        </p>
      </div>
      <SelectField
        id={`${id}-visibility`}
        name="visibility"
        label={t('generate.visibility')}
        value={form.visibility}
        onChange={(visibility) => onChange({ visibility: visibility as GenerateForm['visibility'] })}
        options={[['public', t('generate.public')], ['unlisted', t('generate.unlisted')], ...(allowPrivate ? [['private', t('generate.private')] as const] : [])]}
      />
      <SelectField
        id={`${id}-variant`}
        name="variant"
        label={t('generate.variant')}
        value={form.variant}
        onChange={(variant) => onChange({ variant: variant as GenerateForm['variant'] })}
        options={[['unknown', t('generate.auto')], ['classic', t('generate.classic')], ['slim', t('generate.slim')]]}
      />
      {capes.length > 0 && (
        <SelectField
          id={`${id}-cape`}
          name="cape"
          label={t('generate.cape')}
          value={form.cape}
          onChange={(cape) => onChange({ cape })}
          options={[['', t('generate.noCape')], ...capes.map((c) => [c.uuid, c.alias] as const)]}
        >
          {cape && Preview && <Preview key={cape.uuid} cape={cape} variant={form.variant} />}
        </SelectField>
      )}
    </fieldset>
  )
}
