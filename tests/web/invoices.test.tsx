import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { InvoiceCountsCard } from '../../web/src/features/admin/invoice-counts.tsx'
import InvoicesPage from '../../web/src/features/admin/invoices-page.tsx'
import { PurchaseInvoiceLine } from '../../web/src/features/student/purchase-invoice.tsx'
import { ConfirmProvider } from '../../web/src/lib/confirm.tsx'
import { FormModalProvider } from '../../web/src/lib/form-modal.tsx'
import {
  type AdminInvoice,
  type AdminInvoicePage,
  type FiscalSettingsView,
  INVOICE_MESSAGES,
} from '../../worker/contract/fiscal.ts'
import { toastTitle } from '../support/web/auth-fixtures.tsx'
import { stubFetch } from '../support/web/checkout-fixtures.tsx'
import { pageAt, renderRoutes } from '../support/web/render.tsx'

// Issue 43's screens: the admin's 'Notas fiscais', the dashboard's card, and the note in Minhas
// compras; the API answers at the HTTP edge.

const LIST = '/api/admin/notas-fiscais'
const ON: FiscalSettingsView = {
  issuance: 'on',
  issue_at: 'payment',
  configured: true,
  environment: 'homologacao',
}

const invoice = (overrides: Partial<AdminInvoice>): AdminInvoice => ({
  id: 1,
  ref: 'pedido-ped_1-1',
  source: 'order',
  order_id: `ped_${'1'.repeat(32)}`,
  plan_payment_id: null,
  state: 'authorized',
  buyer: { kind: 'cpf', name: 'Maria Souza Lima', email: 'maria@exemplo.com.br', document: '529.982.247-25' },
  value_cents: 89000,
  iss_cents: 1780,
  description: 'Hemodiálise para Enfermagem — Turma online 2027',
  competence: '2026-11-20',
  number: '123',
  access_key: '41069022252998224725000100000000000012311234567890',
  verification_code: 'ABCD1234',
  pdf_url: 'https://homologacao.focusnfe.com.br/notas/123.pdf',
  xml_url: 'https://homologacao.focusnfe.com.br/notas/123.xml',
  provider_message: null,
  replaces_id: null,
  replaced_by_id: null,
  attempts: 1,
  issue_after: null,
  created_at: '2026-11-20T13:00:00.000Z',
  authorized_at: '2026-11-20T13:01:00.000Z',
  cancelled_at: null,
  cancel_motive: null,
  cancel_reason: null,
  emailed_at: '2026-11-20T13:01:30.000Z',
  closed_at: null,
  closed_note: null,
  ...overrides,
})

const page = (items: AdminInvoice[], settings = ON): AdminInvoicePage => ({
  items,
  page: 1,
  per_page: 20,
  total: items.length,
  settings,
})

function renderInvoices() {
  return renderRoutes(
    (root) => [
      pageAt(
        root,
        '/admin/notas-fiscais',
        <FormModalProvider>
          <InvoicesPage />
        </FormModalProvider>,
      ),
    ],
    { at: '/admin/notas-fiscais', after: <ConfirmProvider /> },
  )
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

describe("admin 'Notas fiscais'", () => {
  it('lists every note with its state in Portuguese, the provider’s message, the links and the buttons each state allows', async () => {
    stubFetch({
      [LIST]: {
        body: page([
          invoice({}),
          invoice({
            id: 2,
            state: 'rejected',
            buyer: {
              kind: 'cnpj',
              name: 'Clínica Renal Ltda',
              email: 'financeiro@clinica.com.br',
              document: '11.222.333/0001-81',
            },
            number: null,
            pdf_url: null,
            xml_url: null,
            emailed_at: null,
            provider_message: 'E0312: Código de tributação nacional inexistente.',
          }),
          invoice({
            id: 3,
            state: 'needs_admin',
            buyer: { kind: 'foreign', name: 'John Smith', email: 'john@example.com', document: null },
            provider_message: 'Prazo de cancelamento expirado: use o processo administrativo do município.',
          }),
          invoice({
            id: 4,
            state: 'not_applicable',
            buyer: { kind: 'cpf', name: 'Paula Reis', email: 'paula@exemplo.com.br', document: null },
            number: null,
            pdf_url: null,
            xml_url: null,
          }),
        ]),
      },
    })
    renderInvoices()
    await screen.findByRole('heading', { level: 1, name: 'Notas fiscais' })
    const authorised = await waitFor(() => rowOf('Maria Souza Lima'))
    expect(within(authorised).getByText('autorizada')).toBeTruthy()
    expect(within(authorised).getByText('nº 123')).toBeTruthy()
    expect(
      within(authorised).getByRole('link', { name: 'PDF da nota de Maria Souza Lima' }).getAttribute('href'),
    ).toBe('https://homologacao.focusnfe.com.br/notas/123.pdf')
    expect(within(authorised).getByText('R$ 890,00')).toBeTruthy()
    expect(within(authorised).getByText('ISS R$ 17,80')).toBeTruthy()
    const buttons = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((button) => button.textContent)
    expect(buttons(authorised)).toEqual([
      'Cancelar nota de Maria Souza Lima',
      'Reenviar e-mail da nota de Maria Souza Lima',
    ])

    const rejected = rowOf('Clínica Renal Ltda')
    expect(within(rejected).getByText('rejeitada')).toBeTruthy()
    expect(within(rejected).getByText('E0312: Código de tributação nacional inexistente.')).toBeTruthy()
    expect(within(rejected).getByText('CNPJ 11.222.333/0001-81')).toBeTruthy()
    expect(buttons(rejected)).toEqual(['Enviar de novo a nota de Clínica Renal Ltda'])

    const caseOpen = rowOf('John Smith')
    expect(within(caseOpen).getByText('precisa do administrador')).toBeTruthy()
    expect(within(caseOpen).getByText('comprador no exterior')).toBeTruthy()
    expect(buttons(caseOpen)).toEqual(['Encerrar caso da nota de John Smith'])

    const outside = rowOf('Paula Reis')
    expect(within(outside).getByText('sem NFS-e')).toBeTruthy()
    expect(buttons(outside)).toEqual([])
    expect(screen.getByTestId('fiscal-settings').textContent).toContain(
      'Emissão ligada (homologacao): cada venda paga tem a nota enviada à prefeitura assim que o pagamento é confirmado',
    )
  })

  it('filters by state, month and buyer; the CSV is the filtered month’s', async () => {
    stubFetch({ [LIST]: { body: page([invoice({})]) } })
    const user = userEvent.setup()
    renderInvoices()
    await waitFor(() => rowOf('Maria Souza Lima'))
    expect(screen.getByRole('button', { name: /^CSV do contador/ })).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Situação'), 'rejected')
    await user.type(screen.getByLabelText('Mês'), '2026-10')
    await user.type(screen.getByLabelText('Comprador, CPF/CNPJ ou pedido'), 'maria')
    expect(screen.getByRole('button', { name: 'CSV do contador (10/2026)' })).toBeTruthy()
    const urls = () =>
      vi
        .mocked(globalThis.fetch)
        .mock.calls.map(([input]) => String(input))
        .filter((url) => url.startsWith(LIST))
    await waitFor(() =>
      expect(urls().at(-1)).toBe(`${LIST}?q=maria&state=rejected&month=2026-10&page=1&per_page=20`),
    )
  })

  it('takes the month as AAAA-MM where the browser has no month picker, passing it on only once whole', async () => {
    stubFetch({ [LIST]: { body: page([invoice({})]) } })
    renderInvoices()
    await waitFor(() => rowOf('Maria Souza Lima'))
    const month = screen.getByLabelText('Mês')
    // Firefox and Safari draw a text field: the format is its hint, tied to it.
    expect(month.getAttribute('placeholder')).toBe('AAAA-MM')
    expect(screen.getByText('AAAA-MM, ex.: 2026-03').id).toBe(month.getAttribute('aria-describedby'))
    const urls = () =>
      vi
        .mocked(globalThis.fetch)
        .mock.calls.map(([input]) => String(input))
        .filter((url) => url.startsWith(LIST))
    // A browser without the picker treats the field as text (and keeps what is typed, whole or not).
    month.setAttribute('type', 'text')
    fireEvent.change(month, { target: { value: '2026-1' } })
    expect(await screen.findByText('Use AAAA-MM, ex.: 2026-03.')).toBeTruthy()
    expect(month.getAttribute('aria-invalid')).toBe('true')
    expect(urls().some((url) => url.includes('month='))).toBe(false)
    fireEvent.change(month, { target: { value: '2026-11' } })
    await waitFor(() => expect(urls().at(-1)).toContain('month=2026-11'))
    expect(screen.queryByText('Use AAAA-MM, ex.: 2026-03.')).toBeNull()
  })

  it('cancels with the motive and a justificativa of 15 characters or more; closes a case with what was done', async () => {
    const authorised = invoice({})
    const caseOpen = invoice({
      id: 3,
      state: 'needs_admin',
      buyer: { ...authorised.buyer, name: 'John Smith' },
    })
    const reason = 'Erro na emissão: valor lançado em dobro na nota.'
    const { requests } = stubFetch({
      [LIST]: [
        { body: page([authorised, caseOpen]) },
        {
          body: page([
            { ...authorised, state: 'cancelling', cancel_motive: '1', cancel_reason: reason },
            caseOpen,
          ]),
        },
      ],
      [`${LIST}/1/cancelar`]: {
        body: {
          invoice: { ...authorised, state: 'cancelling', cancel_motive: '1', cancel_reason: reason },
          message: 'Cancelamento pedido: a prefeitura responde em instantes.',
        },
      },
      [`${LIST}/3/encerrar`]: {
        body: { invoice: { ...caseOpen, closed_at: '2026-11-21T10:00:00.000Z' }, message: 'Caso encerrado.' },
      },
    })
    const user = userEvent.setup()
    renderInvoices()
    await waitFor(() => rowOf('Maria Souza Lima'))

    await user.click(within(rowOf('Maria Souza Lima')).getByRole('button', { name: /^Cancelar nota/ }))
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar a nota na prefeitura' })
    expect(cancel.textContent).toContain(
      'A nota nº 123 de Maria Souza Lima (R$ 890,00) é cancelada na prefeitura.',
    )
    expect(
      Array.from(within(cancel).getByLabelText('Motivo').querySelectorAll('option')).map(
        (o) => o.textContent,
      ),
    ).toEqual(['Escolha o motivo', 'Erro na emissão', 'Serviço não prestado', 'Outros'])
    // Nothing chosen, too short: the contract's messages, nothing sent.
    await user.type(within(cancel).getByLabelText('Justificativa'), 'valor errado')
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar nota' }))
    expect(await within(cancel).findByText(INVOICE_MESSAGES.motive)).toBeTruthy()
    expect(within(cancel).getByText(INVOICE_MESSAGES.justificativa)).toBeTruthy()
    expect(requests(`${LIST}/1/cancelar`)).toHaveLength(0)
    await user.selectOptions(within(cancel).getByLabelText('Motivo'), 'Erro na emissão')
    await user.clear(within(cancel).getByLabelText('Justificativa'))
    await user.type(within(cancel).getByLabelText('Justificativa'), 'valor lançado em dobro na nota.')
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar nota' }))
    expect(await screen.findByText(toastTitle('Cancelamento pedido à prefeitura.'))).toBeTruthy()
    expect(requests(`${LIST}/1/cancelar`)[0]).toMatchObject({
      method: 'POST',
      body: { motivo: '1', justificativa: 'valor lançado em dobro na nota.' },
    })
    expect(await within(rowOf('Maria Souza Lima')).findByText(`motivo: ${reason}`)).toBeTruthy()

    await user.click(within(rowOf('John Smith')).getByRole('button', { name: /^Encerrar caso/ }))
    const modal = await screen.findByRole('dialog', { name: 'Encerrar o caso da nota' })
    await user.click(within(modal).getByRole('button', { name: 'Encerrar caso' }))
    expect(await within(modal).findByText(/Diga o que foi feito/)).toBeTruthy()
    expect(requests(`${LIST}/3/encerrar`)).toHaveLength(0)
    await user.type(
      within(modal).getByLabelText('O que foi feito'),
      'Cancelada no portal da prefeitura, processo 123.',
    )
    await user.click(within(modal).getByRole('button', { name: 'Encerrar caso' }))
    expect(await screen.findByText(toastTitle('Caso encerrado.'))).toBeTruthy()
    expect(requests(`${LIST}/3/encerrar`)[0]!.body).toEqual({
      observacao: 'Cancelada no portal da prefeitura, processo 123.',
    })
  })

  it('states plainly when issuance is off, and what to configure', async () => {
    stubFetch({ [LIST]: { body: page([], { ...ON, issuance: 'off', configured: false }) } })
    renderInvoices()
    const statement = await screen.findByRole('region', { name: 'A emissão de NFS-e está desligada.' })
    expect(statement.textContent).toContain('Nenhuma nota é enviada à prefeitura.')
    expect(statement.textContent).toContain('FISCAL_ISSUANCE=on')
    expect(statement.textContent).toContain('FOCUS_NFE_TOKEN')
    expect(await screen.findByText('Nenhuma nota fiscal encontrada.')).toBeTruthy()
  })
})

describe("the dashboard's card", () => {
  it('counts the notes pending and in trouble, and links to the screen', async () => {
    renderRoutes((root) => [
      pageAt(root, '/', <InvoiceCountsCard counts={{ pending: 3, trouble: 1, issuance: 'on' }} />),
    ])
    const card = await screen.findByRole('region', { name: 'Notas fiscais' })
    expect(within(card).getByTestId('invoice-counts').textContent).toBe(
      '3 pendentes · 1 com problema (rejeitadas ou aguardando o administrador)',
    )
    expect(within(card).getByRole('link', { name: 'Ver notas fiscais' }).getAttribute('href')).toBe(
      '/admin/notas-fiscais',
    )
  })
})

describe('the note in Minhas compras', () => {
  it("shows the state and 'Ver nota fiscal (PDF)' once authorised only", async () => {
    renderRoutes((root) => [
      pageAt(
        root,
        '/',
        <>
          <PurchaseInvoiceLine
            of="do pedido de 5 de outubro"
            invoice={{
              state: 'authorized',
              number: '123',
              pdf_url: 'https://nota/123.pdf',
              authorized_at: null,
            }}
          />
          <PurchaseInvoiceLine
            of="do pedido de 6 de outubro"
            invoice={{
              state: 'cancelled',
              number: '124',
              pdf_url: 'https://nota/124.pdf',
              authorized_at: null,
            }}
          />
          <PurchaseInvoiceLine of="do pedido de 7 de outubro" invoice={null} />
        </>,
      ),
    ])
    const states = await screen.findAllByTestId('invoice-state')
    expect(states.map((state) => state.textContent)).toEqual(['emitida', 'cancelada'])
    const links = screen.getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ver nota fiscal (PDF) do pedido de 5 de outubro', 'https://nota/123.pdf'],
    ])
  })
})
