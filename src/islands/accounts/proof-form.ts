/**
 * The account site's one script (docs/operations.md "Account security"): on a page with credential
 * forms it fetches an anti-bot challenge from the form's `data-proof` URL as soon as the page loads,
 * solves it in idle time (src/shared/antibot/solve.ts, the altcha proof of work the API uses) and puts
 * the proof in the form's hidden `proof` field. The server asks for it only after repeated failures, so
 * most visitors never wait; when someone sends the form before the proof is ready, the button shows a
 * short "checking" text until it is. Without JavaScript the forms still post, and the server says
 * when a check is needed.
 * @module
 */
import type { Challenge } from 'altcha-lib'
import { solveAltcha } from '../../shared/antibot/solve'

/** Fetches a challenge and solves it; '' when the site asks for none or the check cannot run. */
async function solveFrom(url: string): Promise<string> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    const challenge = (await response.json()) as Challenge | null
    return challenge?.parameters ? (await solveAltcha(challenge)).token : ''
  } catch {
    return ''
  }
}

/** Arms one form: solve ahead, and hold the submit until the proof is in. */
function arm(form: HTMLFormElement) {
  const url = form.dataset.proof
  const field = form.querySelector<HTMLInputElement>('input[name="proof"]')
  if (!url || !field) return
  const solved = solveFrom(url).then((token) => (field.value = token))
  form.addEventListener('submit', (event) => {
    if (field.value) return
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (button) {
      button.disabled = true
      if (form.dataset.proofWaiting) button.textContent = form.dataset.proofWaiting
    }
    // form.submit() sends the form without a second submit event.
    void solved.then(() => form.submit())
  })
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-proof]')) arm(form)
