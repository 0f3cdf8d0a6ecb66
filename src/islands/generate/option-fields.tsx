/**
 * Options of the generate form (SPEC §3 "Generate options"; reference/mineskin-api.md §3.3): name,
 * visibility (private only where the flag is on and the caller holds `private_skins`), variant, and a
 * cape (signed-in callers only, never for players, choices from `/v2/capes`).
 * @module
 */
import { useId } from 'react'
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

/** The option fields. */
export function OptionFields({ form, onChange, allowPrivate, capes, nameInvalid }: OptionFieldsProps) {
  const { t } = useI18n()
  const id = useId()
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
      <div className="field">
        <label htmlFor={`${id}-visibility`}>{t('generate.visibility')}</label>
        <select id={`${id}-visibility`} className="select" name="visibility" value={form.visibility} onChange={(event) => onChange({ visibility: event.target.value as GenerateForm['visibility'] })}>
          <option value="public">{t('generate.public')}</option>
          <option value="unlisted">{t('generate.unlisted')}</option>
          {allowPrivate && <option value="private">{t('generate.private')}</option>}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-variant`}>{t('generate.variant')}</label>
        <select id={`${id}-variant`} className="select" name="variant" value={form.variant} onChange={(event) => onChange({ variant: event.target.value as GenerateForm['variant'] })}>
          <option value="unknown">{t('generate.auto')}</option>
          <option value="classic">{t('generate.classic')}</option>
          <option value="slim">{t('generate.slim')}</option>
        </select>
      </div>
      {capes.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-cape`}>{t('generate.cape')}</label>
          <select id={`${id}-cape`} className="select" name="cape" value={form.cape} onChange={(event) => onChange({ cape: event.target.value })}>
            <option value="">{t('generate.noCape')}</option>
            {capes.map((cape) => (
              <option key={cape.uuid} value={cape.uuid}>
                {cape.alias}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  )
}
