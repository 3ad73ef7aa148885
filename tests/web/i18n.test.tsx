import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ToasterHost } from '../../web/src/components/toaster-host.tsx'
import { LOGIN_MESSAGES } from '../../web/src/features/auth/auth.messages.ts'
import { SOCIAL_LINK_MESSAGES } from '../../web/src/features/auth/social-login.ts'
import { PRODUCT_UNAVAILABLE } from '../../web/src/features/checkout/checkout-page.tsx'
import { CONFERENCE_TEXT } from '../../web/src/features/conference/conference.messages.ts'
import { CONTACT_LABELS, CONTACT_TEXT } from '../../web/src/features/contact/contact.messages.ts'
import { LanguagePicker } from '../../web/src/features/i18n/language-picker.tsx'
import { PASSWORD_UPDATE_FAILED } from '../../web/src/features/profile/password-form.tsx'
import { PHOTO_MESSAGES } from '../../web/src/features/profile/photo-form.tsx'
import { PROFILE_UPDATED } from '../../web/src/features/profile/profile-modal.tsx'
import english from '../../web/src/i18n/catalogue.en.ts'
import spanish from '../../web/src/i18n/catalogue.es.ts'
import { ApiError } from '../../web/src/lib/api.ts'
import { showToast, toastError, toastSuccess } from '../../web/src/lib/toast.ts'
import { ACCOUNT_MESSAGES } from '../../worker/contract/account.ts'
import { AUTH_MESSAGES } from '../../worker/contract/auth.ts'
import { CART_MESSAGES } from '../../worker/contract/cart.ts'
import { CART_TEXT } from '../../worker/contract/cart-messages.ts'
import { CARD_MESSAGES, CHECKOUT_MESSAGES } from '../../worker/contract/checkout.ts'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'
import { LIMIT_MESSAGE, LIMITS } from '../../worker/domain/limits.ts'
import { PAYMENT_MESSAGES } from '../../worker/domain/pricing.ts'

/** SPEC section 8's fixed texts and every message the app or the Worker shows on its own. */
const FIXED_MESSAGES = [
  'Erro ao executar',
  'Erro ao pesquisar produtos',
  'Erro ao carregar listas',
  'Erro ao buscar dados.',
  'Erro ao pegar plano',
  'Erro ao buscar cursos',
  'CPF inválido',
  'Número da rua incorreto',
  'forma de pagamento inválida',
  ...Object.values(CART_TEXT),
  ...Object.values(CART_MESSAGES),
  ...Object.values(LOGIN_MESSAGES),
  ...Object.values(AUTH_MESSAGES),
  // The account's messages that are fixed texts (the others name an e-mail address).
  ...Object.values(ACCOUNT_MESSAGES).flatMap((text) => (typeof text === 'string' ? [text] : [])),
  // 'Pagamento recusado pela operadora do cartão: ' is a title followed by the provider's reason.
  ...Object.values(CHECKOUT_MESSAGES).map((text) => text.replace(/: $/, '')),
  ...Object.values(PAYMENT_MESSAGES),
  ...Object.values(SOCIAL_LINK_MESSAGES),
  UNAVAILABLE_MESSAGE,
  ...Object.values(CARD_MESSAGES),
  ...Object.values(PHOTO_MESSAGES),
  PASSWORD_UPDATE_FAILED,
  PROFILE_UPDATED,
  PRODUCT_UNAVAILABLE,
  CONTACT_TEXT.sent,
  CONTACT_TEXT.invalidPrefix.replace(/: $/, ''),
  ...Object.values(CONTACT_LABELS),
  CONFERENCE_TEXT.fetchError,
  CONFERENCE_TEXT.shifted,
  LIMIT_MESSAGE,
  LIMITS.contact.message,
]

const toastTitle = (text: string) =>
  screen.findByText(
    (_, element) => element?.hasAttribute('data-title') === true && element.textContent === text,
  )

type Call = { path: string; body: unknown }

/**
 * fetch for the translation API only: the sandbox's '[EN] ' marking, or a failure. Texts that
 * `isSiteText` refuses come back null, as the Worker answers them (a 422 when none is the site's).
 */
function stubTranslationApi(fail = false, isSiteText: (text: string) => boolean = () => true) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname
      const body = init?.body ? JSON.parse(String(init.body)) : null
      calls.push({ path, body })
      if (path !== '/api/translate' || fail) return Response.json({ msg: 'indisponível' }, { status: 503 })
      const { q, target } = body as { q: string[]; target: string }
      if (!q.some(isSiteText)) {
        const message = 'Só traduzimos textos publicados no site.'
        return Response.json({ message, errors: { q: [message] } }, { status: 422 })
      }
      return Response.json({
        translations: q.map((text) => (isSiteText(text) ? `[${target.toUpperCase()}] ${text}` : null)),
      })
    }),
  )
  return calls
}

beforeEach(() => {
  window.localStorage.setItem('Lang', 'en')
})
describe('catalogues of the fixed messages', () => {
  it('have an English and a Spanish entry for every fixed message', () => {
    const missing = FIXED_MESSAGES.filter((text) => !(text in english) || !(text in spanish))
    expect(missing).toEqual([])
  })

  it('translate the same texts, none left in Portuguese by mistake', () => {
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort())
    expect(english['Adicionado ao carrinho com sucesso!']).toBe('Added to cart successfully!')
    expect(spanish['erro ao pegar horários.']).toBe('error al obtener los horarios.')
  })
})

describe("toasts when 'Lang' is not pt-BR", () => {
  it('a fixed message comes from the catalogue, with no network call', async () => {
    const calls = stubTranslationApi()
    render(<ToasterHost />)
    void toastSuccess(CART_TEXT.added)
    expect(await toastTitle('Added to cart successfully!')).toBeTruthy()
    void showToast('error', 'Dados incorreto(s): Nome, Telefone')
    expect(await toastTitle('Incorrect data: Name, Phone')).toBeTruthy()
    void showToast('error', `${CARD_MESSAGES.number}, ${CARD_MESSAGES.cvv}`)
    expect(await toastTitle('invalid card number, invalid security code')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('Spanish too', async () => {
    window.localStorage.setItem('Lang', 'es')
    const calls = stubTranslationApi()
    render(<ToasterHost />)
    void toastSuccess(CONTACT_TEXT.sent)
    expect(await toastTitle('Mensaje enviado con éxito')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it("a server's own message is asked of the Worker once, then served from this browser's copy", async () => {
    const calls = stubTranslationApi()
    render(<ToasterHost />)
    const message = 'O boleto deste pedido venceu ontem.'
    void toastError(new ApiError(422, { msg: message }))
    expect(await toastTitle(`[EN] ${message}`)).toBeTruthy()
    expect(calls).toEqual([{ path: '/api/translate', body: { q: [message], target: 'en' } }])

    void toastError(new ApiError(422, { msg: message }))
    await waitFor(() => expect(screen.getAllByText(`[EN] ${message}`)).toHaveLength(2))
    expect(calls).toHaveLength(1)
    expect(window.localStorage.getItem('translations:v1:en')).toContain(message)
  })

  it("a fixed title with a server's detail: the title from the catalogue, the detail from the Worker", async () => {
    const calls = stubTranslationApi()
    render(<ToasterHost />)
    void showToast('error', 'Erro ao carregar listas: falha no banco de dados')
    expect(await toastTitle('Error loading the lists: [EN] falha no banco de dados')).toBeTruthy()
    expect(calls.map((call) => call.body)).toEqual([{ q: ['falha no banco de dados'], target: 'en' }])
  })

  it("a text the Worker does not translate (not the site's) stays in Portuguese, and is not asked again", async () => {
    const calls = stubTranslationApi(false, () => false)
    render(<ToasterHost />)
    const message = 'Lead de Maria Souza (maria@example.com) excluído.'
    void toastError(new ApiError(422, { msg: message }))
    expect(await toastTitle(message)).toBeTruthy()
    expect(calls).toHaveLength(1)
    void toastError(new ApiError(422, { msg: message }))
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2))
    expect(calls).toHaveLength(1)
  })

  it('when the translation fails, the Portuguese text shows: no toast is lost', async () => {
    stubTranslationApi(true)
    render(<ToasterHost />)
    void toastError(new ApiError(500, { msg: 'Uma mensagem que ninguém traduziu.' }))
    expect(await toastTitle('Uma mensagem que ninguém traduziu.')).toBeTruthy()
  })

  it('pt-BR never loads or asks anything', async () => {
    window.localStorage.setItem('Lang', 'pt-BR')
    const calls = stubTranslationApi()
    render(<ToasterHost />)
    void toastError(new ApiError(500, { msg: 'Mensagem do servidor.' }))
    expect(await toastTitle('Mensagem do servidor.')).toBeTruthy()
    expect(calls).toEqual([])
  })
})

describe('language picker and page translation widget', () => {
  it("stores the choice as 'Lang'; the page's main text is translated, and the widget is ready again 2 s later", async () => {
    window.localStorage.removeItem('Lang')
    const calls = stubTranslationApi()
    render(
      <>
        <main id="conteudo">
          <h1>Cursos de nefrologia</h1>
          <p>
            Adicionado ao carrinho com sucesso! <strong>Inscrições abertas</strong>
          </p>
        </main>
        <LanguagePicker />
      </>,
    )
    const user = userEvent.setup()
    const select = screen.getByRole('combobox', { name: 'Idioma das mensagens' }) as HTMLSelectElement
    expect(select.value).toBe('pt-BR')
    expect(screen.queryByRole('button', { name: /Traduzir página/ })).toBeNull()

    await user.selectOptions(select, 'English')
    expect(window.localStorage.getItem('Lang')).toBe('en')
    const button = await screen.findByRole('button', { name: 'Traduzir página (English)' })
    await user.click(button)
    expect(await screen.findByRole('heading', { name: '[EN] Cursos de nefrologia' })).toBeTruthy()
    expect(screen.getByText('Added to cart successfully!', { exact: false })).toBeTruthy()
    expect(screen.getByText('[EN] Inscrições abertas')).toBeTruthy()
    // One call for the texts the catalogue lacks.
    expect(calls.map((call) => call.body)).toEqual([
      { q: ['Cursos de nefrologia', 'Inscrições abertas'], target: 'en' },
    ])
    expect((button as HTMLButtonElement).disabled).toBe(true)
    const usedAt = performance.now()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), { timeout: 4000 })
    expect(performance.now() - usedAt).toBeGreaterThanOrEqual(1500)

    // Back to Portuguese: the page's own text again.
    await user.selectOptions(select, 'Português (Brasil)')
    expect(await screen.findByRole('heading', { name: 'Cursos de nefrologia' })).toBeTruthy()
  })

  it('translates what the Worker accepts; the rest of the page (a price, a label) stays as it is', async () => {
    const calls = stubTranslationApi(false, (text) => text === 'Hemodiálise para enfermagem')
    render(
      <>
        <main id="conteudo">
          <h1>Hemodiálise para enfermagem</h1>
          <p>Turma com vagas limitadas</p>
        </main>
        <LanguagePicker />
      </>,
    )
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma das mensagens' }), 'English')
    await user.click(await screen.findByRole('button', { name: 'Traduzir página (English)' }))
    expect(await screen.findByRole('heading', { name: '[EN] Hemodiálise para enfermagem' })).toBeTruthy()
    expect(screen.getByText('Turma com vagas limitadas')).toBeTruthy()
    expect(calls).toHaveLength(1)
  })

  it('a personal page (translate="no" on its main region) is never sent anywhere', async () => {
    const calls = stubTranslationApi()
    render(
      <>
        <main id="conteudo" translate="no">
          <h1>Minhas compras</h1>
          <p>Ana Beatriz Souza, ana@example.com</p>
        </main>
        <LanguagePicker />
      </>,
    )
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma das mensagens' }), 'English')
    const button = await screen.findByRole('button', { name: 'Traduzir página (English)' })
    // styles.css hides it there; pressed anyway, it sends nothing.
    expect(button.hasAttribute('data-page-translator')).toBe(true)
    await user.click(button)
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true))
    expect(screen.getByRole('heading', { name: 'Minhas compras' })).toBeTruthy()
    expect(screen.getByText('Ana Beatriz Souza, ana@example.com')).toBeTruthy()
    expect(calls).toEqual([])
  })
})
