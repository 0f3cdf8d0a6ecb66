/**
 * App bar search (SPEC §2): a clearable field 'Search Skins'; Enter with a non-empty value goes to
 * `/skins?search=…`, an empty value does nothing. It is a real GET form, so it works without JavaScript
 * (`required` + `pattern` make the browser refuse an empty or blank term).
 * @module
 */
import { mdiClose, mdiMagnify } from '@mdi/js'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useI18n } from '../shared/i18n/context'
import { Icon } from '../shared/ui/icon'

/** Props: the localised `/skins` path and the current term (kept in the field on the results page). */
export interface SearchFieldProps {
  action: string
  /** The search the page shows (none: the field starts empty). */
  initialValue?: string
}

/** The search form island. */
export default function SearchField({ action, initialValue = '' }: SearchFieldProps) {
  const { t } = useI18n()
  const id = useId()
  const [value, setValue] = useState(initialValue)
  const form = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)

  // With JavaScript the island decides what an empty submit does (nothing), so no validation bubble.
  useEffect(() => form.current?.setAttribute('novalidate', ''), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const term = value.trim()
    if (!term) return
    window.location.assign(`${action}?search=${encodeURIComponent(term)}`)
  }

  const clear = () => {
    setValue('')
    input.current?.focus()
  }

  return (
    <form ref={form} className="search-field" role="search" aria-label={t('appBar.searchSkins')} action={action} method="get" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t('appBar.searchSkins')}
      </label>
      <Icon path={mdiMagnify} className="search-field__icon" />
      <input
        ref={input}
        id={id}
        className="search-field__input"
        type="search"
        name="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('appBar.searchSkins')}
        required
        pattern=".*\S.*"
        maxLength={32}
        autoComplete="off"
        enterKeyHint="search"
      />
      {value && (
        <button type="button" className="icon-button icon-button--small search-field__clear" aria-label={t('appBar.clearSearch')} onClick={clear}>
          <Icon path={mdiClose} size={18} />
        </button>
      )}
    </form>
  )
}
