/**
 * A small colour picker: a saturation/brightness square (a slider in ARIA's sense: arrow keys move it,
 * Shift for bigger steps), a hue slider (a native range input), a hex field, the recent colours and the
 * skin's own palette. Not react-colorful: it injects a `<style>` element at run time, which the site's
 * Content Security Policy (`style-src 'self'`) refuses; the looks here are in the stylesheet, and the
 * only styles set from script are the square's hue and the thumb's place (CSSOM, which CSP allows).
 * @module
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import { hexToHsv, hsvToHex, normaliseHex, type Hsv } from './colour-math'

/** Props of {@link ColourPicker}. */
export interface ColourPickerProps {
  /** The colour, `#rrggbb`. */
  value: string
  onChange(hex: string): void
  /** Recently used colours, newest first. */
  recent: readonly string[]
  /** The skin's colours, most used first. */
  palette: readonly string[]
}

/** A row of colour buttons. */
function Swatches({ colours, value, onPick, label, empty }: { colours: readonly string[]; value: string; onPick(hex: string): void; label: string; empty: string }) {
  const { t } = useI18n()
  const id = useId()
  return (
    <div className="editor-swatches">
      <p id={id} className="editor-swatches__title">
        {label}
      </p>
      {colours.length === 0 ? (
        <p className="editor-swatches__empty">{empty}</p>
      ) : (
        <div className="editor-swatches__list" role="group" aria-labelledby={id}>
          {colours.map((hex) => (
            <button
              key={hex}
              type="button"
              className="editor-swatch"
              aria-label={t('editor.colour.use', { hex })}
              aria-pressed={hex === value}
              title={hex}
              ref={(element) => {
                // CSSOM, not a style attribute: the Content Security Policy allows it.
                if (element) element.style.backgroundColor = hex
              }}
              onClick={() => onPick(hex)}
            />
          ))}
        </div>
      )}
    </div>
  )
}

/** The picker. */
export function ColourPicker({ value, onChange, recent, palette }: ColourPickerProps) {
  const { t } = useI18n()
  const id = useId()
  // The hue is kept while the colour is grey (where the hex alone forgets it).
  const [hsv, setHsv] = useState<Hsv>(() => hexToHsv(value) ?? { h: 0, s: 0, v: 0 })
  const [text, setText] = useState(value)
  const area = useRef<HTMLDivElement>(null)
  const thumb = useRef<HTMLDivElement>(null)
  const preview = useRef<HTMLSpanElement>(null)

  // A colour from outside (the eyedropper, a swatch, a shortcut): follow it, keeping the hue of a grey.
  useEffect(() => {
    setText(value)
    if (hsvToHex(hsv) === value) return
    const next = hexToHsv(value)
    if (next) setHsv(next.s === 0 || next.v === 0 ? { ...next, h: hsv.h } : next)
  }, [value])

  useEffect(() => {
    area.current?.style.setProperty('--editor-hue', `hsl(${Math.round(hsv.h)} 100% 50%)`)
    if (thumb.current) {
      thumb.current.style.left = `${hsv.s * 100}%`
      thumb.current.style.top = `${(1 - hsv.v) * 100}%`
      thumb.current.style.backgroundColor = value
    }
    if (preview.current) preview.current.style.backgroundColor = value
  }, [hsv, value])

  const set = (next: Hsv) => {
    setHsv(next)
    onChange(hsvToHex(next))
  }

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    const s = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width))
    const v = Math.min(1, Math.max(0, 1 - (event.clientY - rect.top) / rect.height))
    set({ ...hsv, s, v })
  }

  const onAreaKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 0.1 : 0.01
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    set({ ...hsv, s: Math.min(1, Math.max(0, hsv.s + move[0])), v: Math.min(1, Math.max(0, hsv.v + move[1])) })
  }

  const hexValid = normaliseHex(text) !== null
  const percent = (x: number) => Math.round(x * 100)
  return (
    <div className="editor-colour">
      <div
        ref={area}
        className="editor-colour__area"
        role="slider"
        tabIndex={0}
        aria-label={t('editor.colour.area')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent(hsv.s)}
        aria-valuetext={t('editor.colour.areaValue', { s: percent(hsv.s), v: percent(hsv.v) })}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId)
          fromPointer(event)
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) fromPointer(event)
        }}
        onKeyDown={onAreaKey}
      >
        <div ref={thumb} className="editor-colour__thumb" />
      </div>
      <label className="editor-colour__hue-label" htmlFor={`${id}-hue`}>
        <span className="visually-hidden">{t('editor.colour.hue')}</span>
      </label>
      <input
        id={`${id}-hue`}
        className="editor-colour__hue"
        type="range"
        min={0}
        max={359}
        step={1}
        value={Math.round(hsv.h)}
        aria-valuetext={`${Math.round(hsv.h)}°`}
        onChange={(event) => set({ ...hsv, h: Number(event.target.value) })}
      />
      <div className="editor-colour__row">
        <span ref={preview} className="editor-colour__preview" aria-hidden="true" />
        <div className="field editor-colour__hex">
          <label htmlFor={`${id}-hex`}>{t('editor.colour.hex')}</label>
          <input
            id={`${id}-hex`}
            className={hexValid ? 'text-input' : 'text-input is-invalid'}
            value={text}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!hexValid || undefined}
            aria-describedby={hexValid ? undefined : `${id}-hex-error`}
            onChange={(event) => {
              setText(event.target.value)
              const hex = normaliseHex(event.target.value)
              if (hex) onChange(hex)
            }}
            onBlur={() => setText(value)}
          />
          {!hexValid && (
            <p id={`${id}-hex-error`} className="field-hint field-hint--error">
              {t('editor.colour.hexInvalid')}
            </p>
          )}
        </div>
      </div>
      <Swatches colours={recent} value={value} onPick={onChange} label={t('editor.colour.recent')} empty={t('editor.colour.recentEmpty')} />
      <Swatches colours={palette} value={value} onPick={onChange} label={t('editor.colour.palette')} empty={t('editor.colour.paletteEmpty')} />
    </div>
  )
}
