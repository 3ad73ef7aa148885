import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ContactForm } from '../../web/src/features/contact/contact-form.tsx'
import { ContactWidget } from '../../web/src/features/contact/contact-widget.tsx'
import { mockFetch, renderWithApp } from '../support/web/render.tsx'

const VALID = { name: 'Ana Souza', email: 'ana@example.com', telefone: '41998765432', descricao: 'Olá!' }

async function fill(values: Partial<typeof VALID>) {
  const user = userEvent.setup()
  const form = { ...VALID, ...values }
  const name = await screen.findByRole('textbox', { name: 'Nome completo' })
  if (form.name) await user.type(name, form.name)
  if (form.email) await user.type(screen.getByRole('textbox', { name: 'E-mail' }), form.email)
  if (form.telefone) await user.type(screen.getByRole('textbox', { name: 'Telefone' }), form.telefone)
  if (form.descricao)
    await user.type(screen.getByRole('textbox', { name: 'como podemos te ajudar?' }), form.descricao)
  return user
}

const sendButton = () => screen.getByRole('button', { name: /enviar mensagem|Enviando|Mensagem enviada/ })
const toastTitle = (text: string) =>
  screen.findByText(
    (_, element) => element?.hasAttribute('data-title') === true && element.textContent === text,
  )

describe('contact form (SPEC sections 4 and 5)', () => {
  it.each([
    [{ name: 'Ana' }, 'Dados incorreto(s): Nome'],
    [{ email: 'ana@exemplo' }, 'Dados incorreto(s): E-mail'],
    [{ telefone: '0123' }, 'Dados incorreto(s): Telefone'],
    [{ name: 'Ana', email: 'ana@' }, 'Dados incorreto(s): Nome, E-mail'],
    [{ name: 'A B', telefone: '4133' }, 'Dados incorreto(s): Nome, Telefone'],
    [{ email: 'x', telefone: '11' }, 'Dados incorreto(s): E-mail, Telefone'],
    [{ name: 'Ana', email: 'a@b', telefone: '1' }, 'Dados incorreto(s): Nome, E-mail, Telefone'],
  ])('%j → %s, nothing sent, fields marked', async (values, toast) => {
    const { fetchMock, calls } = mockFetch({})
    vi.stubGlobal('fetch', fetchMock)
    renderWithApp(<ContactForm target="contato" />)
    const user = await fill(values)
    await user.click(sendButton())
    expect(await toastTitle(toast)).toBeTruthy()
    expect(calls.filter((call) => call.path === '/contato/send')).toEqual([])
    const firstInvalid = document.activeElement as HTMLElement
    expect(firstInvalid.getAttribute('aria-invalid')).toBe('true')
  })

  it('sends name, email, telefone, descricao, to; load ignores clicks; success at 0.5 s, toast at 1 s', async () => {
    let answer: (response: Response) => void = () => {}
    const sent: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)))
        return new Promise<Response>((resolve) => {
          answer = resolve
        })
      }),
    )
    renderWithApp(<ContactForm target="contato" />)
    const user = await fill({})
    await user.click(sendButton())
    await waitFor(() => expect(sendButton().dataset.state).toBe('load'))
    await user.click(sendButton()) // ignored while loading
    expect(sent).toEqual([
      {
        name: 'Ana Souza',
        email: 'ana@example.com',
        telefone: '(41) 99876-5432',
        descricao: 'Olá!',
        website: '',
        to: 'contato@institutorenalis.com.br',
        target: 'contato',
      },
    ])

    const answeredAt = performance.now()
    await act(async () => {
      answer(Response.json({ msg: 'Mensagem enviada com sucesso' }))
    })
    await waitFor(() => expect(sendButton().dataset.state).toBe('success'))
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(450)
    expect(await toastTitle('Mensagem enviada com sucesso')).toBeTruthy()
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(950)
    await waitFor(() => expect(sendButton().dataset.state).toBe('idle'))
    expect((screen.getByRole('textbox', { name: 'Nome completo' }) as HTMLInputElement).value).toBe('')
  })

  it('a failure shows the error toast and returns to idle after 0.45 s, keeping what was typed', async () => {
    const { fetchMock } = mockFetch({
      '/contato/send': { status: 429, body: { msg: 'Recebemos muitas mensagens seguidas deste endereço.' } },
    })
    vi.stubGlobal('fetch', fetchMock)
    renderWithApp(<ContactForm target="contato" />)
    const user = await fill({})
    await user.click(sendButton())
    expect(await toastTitle('Recebemos muitas mensagens seguidas deste endereço.')).toBeTruthy()
    expect(sendButton().dataset.state).toBe('load')
    await waitFor(() => expect(sendButton().dataset.state).toBe('idle'))
    expect((screen.getByRole('textbox', { name: 'Nome completo' }) as HTMLInputElement).value).toBe(
      'Ana Souza',
    )
  })

  it("the server's 422 on the fields shows the same toast", async () => {
    const { fetchMock } = mockFetch({
      '/contato/send': { status: 422, body: { message: 'x', errors: { telefone: ['Telefone inválido'] } } },
    })
    vi.stubGlobal('fetch', fetchMock)
    renderWithApp(<ContactForm target="contato" />)
    const user = await fill({})
    await user.click(sendButton())
    expect(await toastTitle('Dados incorreto(s): Telefone')).toBeTruthy()
  })
})

describe('floating contact widget', () => {
  it('opens the modal with focus in the form, sends target chat, closes with Escape back to the button', async () => {
    const { fetchMock, calls } = mockFetch({
      '/contato/send': { body: { msg: 'Mensagem enviada com sucesso' } },
    })
    vi.stubGlobal('fetch', fetchMock)
    renderWithApp(<ContactWidget />)
    const user = userEvent.setup()
    const opener = await screen.findByRole('button', { name: /Fale com a gente/ })
    await user.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Fale com a gente' })
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Nome completo' })),
    )
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeTruthy()

    await fill({})
    await user.click(within(dialog).getByRole('button', { name: 'enviar mensagem' }))
    expect(await toastTitle('Mensagem enviada com sucesso')).toBeTruthy()
    const body = JSON.parse(String(calls.find((call) => call.path === '/contato/send')?.init?.body))
    expect(body.target).toBe('chat')
    // Sent: the modal closes and focus returns to the button.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))

    await user.click(opener)
    await screen.findByRole('dialog', { name: 'Fale com a gente' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})
