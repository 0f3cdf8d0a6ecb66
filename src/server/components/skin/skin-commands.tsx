/**
 * The commands box (reference/mineskin-api.md §3.5 Instructions card): vanilla `/give` per version,
 * plugin commands and code snippets. Tabs are links (`?command=<id>#commands`), so every tab works
 * without JavaScript while the page carries one command, not ten (DESIGN.md §4: ≤ 30 KB of HTML);
 * the copy island switches tabs in place, rebuilding the text with the same builders from the
 * direct link, value and signature fields and the name and time in `data-command-skin`.
 * @module
 */
import { useI18n } from '../../../shared/i18n/context'
import type { MessageKey } from '../../../shared/i18n/translator'
import type { CommandSkin } from '../../../shared/skin/give-commands'
import { COMMAND_GROUPS, COMMAND_QUERY, COMMAND_TABS, type CommandFacts, type CommandGroup, type CommandTab } from '../../../shared/skin/skin-commands'
import { CopyButton } from './copy-field'

/** id of the box (the tab links' fragment) and of its text field. */
export const COMMANDS_ID = 'commands'
export const COMMAND_ELEMENT = 'skin-command'

const GROUP_KEY: Record<CommandGroup, MessageKey> = { vanilla: 'pages.skin.commands.vanilla', plugins: 'pages.skin.commands.plugins', code: 'pages.skin.commands.code' }
const HINT_KEY: Record<CommandGroup, MessageKey> = { vanilla: 'pages.skin.commands.vanillaHint', plugins: 'pages.skin.commands.pluginsHint', code: 'pages.skin.commands.codeHint' }

/** Props: the command inputs and the selected tab. */
export interface SkinCommandsProps {
  skin: CommandSkin
  tab: CommandTab
}

/** The tabbed commands card. */
export function SkinCommands({ skin, tab }: SkinCommandsProps) {
  const { t } = useI18n()
  // In the browser the value, signature and direct link are read from the data fields (skin-data.tsx);
  // only what the page shows nowhere else in plain form travels here.
  const facts: CommandFacts = { name: skin.name, timestamp: skin.timestamp }
  return (
    <section className="card skin-commands" id={COMMANDS_ID} aria-labelledby="skin-commands-title" data-command-skin={JSON.stringify(facts)}>
      <h2 id="skin-commands-title" className="card__title">
        {t('pages.skin.commands.title')}
      </h2>
      <nav className="skin-commands__tabs" aria-label={t('pages.skin.commands.tabs')}>
        {COMMAND_GROUPS.map((group) => (
          <div key={group} className="skin-commands__group">
            <span className="skin-commands__group-label" id={`command-group-${group}`}>
              {t(GROUP_KEY[group])}
            </span>
            <ul className="segmented skin-commands__list" role="list" aria-labelledby={`command-group-${group}`}>
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
      <div className="copy-field">
        <div className="copy-field__head">
          <label htmlFor={COMMAND_ELEMENT} data-command-label>
            {`${t(GROUP_KEY[tab.group])} · ${tab.label}`}
          </label>
          <CopyButton target={COMMAND_ELEMENT} label={t('pages.skin.commands.title')} />
        </div>
        <textarea id={COMMAND_ELEMENT} className="skin-commands__text" readOnly rows={6} value={tab.build(skin)} spellCheck={false} />
      </div>
      {COMMAND_GROUPS.map((group) => (
        <p key={group} className="skin-commands__hint" data-command-hint={group} hidden={group !== tab.group}>
          {t(HINT_KEY[group])}
        </p>
      ))}
    </section>
  )
}
