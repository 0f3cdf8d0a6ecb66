/**
 * The commands box (reference/mineskin-api.md §3.5 Instructions card): vanilla `/give` per version,
 * plugin commands and code snippets. Tabs are links (`?command=<id>#commands`), so every tab works
 * without JavaScript while the page carries one command, not ten (DESIGN.md §4: ≤ 30 KB of HTML);
 * the copy island switches tabs in place, rebuilding the text with the same builders from what the
 * page shows: the direct link, value and signature fields, the name (`h1`) and the time (`<time>`),
 * and the hint from the group's strings, fetched then.
 * @module
 */
import { useI18n } from '../../../shared/i18n/context'
import type { MessageKey } from '../../../shared/i18n/translator'
import type { CommandSkin } from '../../../shared/skin/give-commands'
import { COMMAND_GROUPS, COMMAND_HINT_KEY, COMMAND_QUERY, COMMAND_TABS, type CommandGroup, type CommandTab } from '../../../shared/skin/skin-commands'
import { escapeHtml, textareaContent } from '../../render/html-text'
import { COPY_SPOT } from './copy-field'

/** id of the box (the tab links' fragment) and of its text field. */
export const COMMANDS_ID = 'commands'
export const COMMAND_ELEMENT = 'skin-command'

const GROUP_KEY: Record<CommandGroup, MessageKey> = { vanilla: 'pages.skin.commands.vanilla', plugins: 'pages.skin.commands.plugins', code: 'pages.skin.commands.code' }

/** Props: the command inputs and the selected tab. */
export interface SkinCommandsProps {
  skin: CommandSkin
  tab: CommandTab
}

/** The tabbed commands card. */
export function SkinCommands({ skin, tab }: SkinCommandsProps) {
  const { t } = useI18n()
  // The field as a string, for the command's quotes as they are (html-text.ts): the same markup as
  // CopyField's, with the tab's own label.
  const field =
    `<div ${COPY_SPOT}="${COMMAND_ELEMENT}"><label for="${COMMAND_ELEMENT}">${escapeHtml(`${t(GROUP_KEY[tab.group])} · ${tab.label}`)}</label></div>` +
    `<textarea id="${COMMAND_ELEMENT}" class="skin-commands__text" readonly="" rows="6">${textareaContent(tab.build(skin))}</textarea>`
  return (
    <section className="card skin-commands" id={COMMANDS_ID} aria-labelledby="skin-commands-title">
      <h2 id="skin-commands-title" className="card__title">
        {t('pages.skin.commands.title')}
      </h2>
      <nav className="skin-commands__tabs" aria-label={t('pages.skin.commands.tabs')}>
        {COMMAND_GROUPS.map((group) => (
          <div key={group}>
            <span id={`command-group-${group}`}>{t(GROUP_KEY[group])}</span>
            <ul className="segmented" role="list" aria-labelledby={`command-group-${group}`}>
              {COMMAND_TABS.filter((item) => item.group === group).map((item) => {
                const current = item.id === tab.id
                return (
                  <li key={item.id}>
                    <a href={`?${COMMAND_QUERY}=${item.id}#${COMMANDS_ID}`} className={current ? 'is-active' : undefined} aria-current={current ? 'true' : undefined}>
                      {item.label}
                    </a>
                  </li>
                )
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="copy-field" dangerouslySetInnerHTML={{ __html: field }} />
      {/* The selected group's hint only: the copy island fetches the others' when it switches a tab in
          place (copy/command-tabs.ts; hidden hints were some 0.6 KB of a Hindi page). */}
      <p className="skin-commands__hint" data-command-hint={tab.group}>
        {t(COMMAND_HINT_KEY[tab.group])}
      </p>
    </section>
  )
}
