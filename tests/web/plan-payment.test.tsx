import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { MyEditaisPage } from '../../web/src/features/plans/my-editais-page.tsx'
import { payerId, planPurchaseFailure } from '../../web/src/features/plans/plan-payment.form.ts'
import { PlanPaymentPage } from '../../web/src/features/plans/plan-payment-page.tsx'
import { ApiError } from '../../web/src/lib/api.ts'
import { INVOICE_MESSAGES } from '../../worker/contract/fiscal.ts'
import type { Application, Plan, PlanPaymentResult } from '../../worker/contract/plans.ts'
import { STUDENT, toastTitle } from '../support/web/auth-fixtures.tsx'
import { CONFIG, stubFetch, typeBillingAddress } from '../support/web/checkout-fixtures.tsx'
import { renderWithApp } from '../support/web/render.tsx'

const TOKENIZE = '/core/v5/tokens'
const PAY = '/usuario/editais/mensalidade'

const PLAN: Plan = {
  id: 5,
  name: 'Mensalidade de março/2027',
  amount: 89000,
  payment_methods: '["credit_card","boleto","debit_card"]',
  instalment_times: 3,
  edital: { id: 3, slug: 'especializacao', title: 'Especialização Multiprofissional', is_open: true },
}

function result(overrides: Partial<PlanPaymentResult> = {}): PlanPaymentResult {
  return {
    payment_id: `pla_${'a'.repeat(32)}`,
    plan_id: 5,
    inscricao_id: 1,
    status: 'paid',
    payment_method: 'credit_card',
    error: false,
    ccj_boleto_link: null,
    ccj_pay_number: null,
    boleto_due_at: null,
    authentication_url: null,
    refusal: null,
    amount: 89000,
    instalments: 1,
    instalment_value: 89000,
    needs_update: false,
    paid_at: '2026-11-23T12:00:00.000Z',
    ...overrides,
  }
}

function application(plans: Application['plans'] = []): Application {
  return {
    id: 1,
    status: 'approved',
    decision_reason: null,
    created_at: '2026-11-05T13:15:00.000Z',
    edital: { id: 3, slug: 'especializacao', title: 'Especialização Multiprofissional', is_open: true },
    plans: plans.length
      ? plans
      : [
          {
            id: 4,
            kind: 'registration',
            name: 'Matrícula',
            due_on: null,
            amount: 45000,
            payment_methods: ['credit_card', 'boleto', 'debit_card'],
            instalment_times: 1,
            state: 'paid',
            payment: result({ plan_id: 4, amount: 45000, instalment_value: 45000 }),
          },
          {
            id: 5,
            kind: 'monthly',
            name: PLAN.name,
            due_on: '2027-03-10',
            amount: 89000,
            payment_methods: ['credit_card', 'boleto', 'debit_card'],
            instalment_times: 3,
            state: 'due',
            payment: null,
          },
          {
            id: 6,
            kind: 'monthly',
            name: 'Mensalidade de abril/2027',
            due_on: '2027-04-10',
            amount: 89000,
            payment_methods: ['credit_card', 'boleto', 'debit_card'],
            instalment_times: 3,
            state: 'pending',
            payment: result({
              plan_id: 6,
              status: 'pending',
              payment_method: 'boleto',
              ccj_boleto_link: 'http://127.0.0.1:8090/sandbox/boletos/ch_1',
              ccj_pay_number: '23790000000000000000000000000000000000000000000',
              boleto_due_at: '2026-11-26T12:00:00.000Z',
              paid_at: null,
            }),
          },
        ],
    paid_cents: 45000,
    due_cents: 178000,
  }
}

/** The page at `url` (its search string is what the screen reads), inside the app's providers. */
const renderAt = (ui: ReactNode, url = '/') => renderWithApp(ui, { at: url })

const base = {
  '/admin/user/get': { body: STUDENT },
  '/search/planos': { body: PLAN },
  '/api/usuario/editais': { body: [application()] },
  '/api/payments/config': { body: CONFIG },
  [TOKENIZE]: { body: { id: 'token_plano', type: 'card' } },
}

async function goToPayment(user: ReturnType<typeof userEvent.setup>, method: string) {
  await screen.findByRole('heading', { name: 'Etapa 1 de 5: Plano' })
  await user.click(screen.getByRole('button', { name: 'Continuar' }))
  await screen.findByRole('heading', { name: 'Etapa 2 de 5: Dados do pagador' })
  await user.type(screen.getByLabelText('CPF'), '52998224725')
  await user.click(screen.getByRole('button', { name: 'Continuar' }))
  await screen.findByRole('heading', { name: 'Etapa 3 de 5: Forma de pagamento' })
  await user.click(screen.getByRole('radio', { name: method }))
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4000000000000010') {
  await user.type(screen.getByLabelText('Número do cartão'), number)
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'MARIA S LIMA')
  await user.type(screen.getByLabelText('Validade (MM/AA)'), '1230')
  await user.type(screen.getByLabelText('Código de segurança (CVV)'), '123')
  await typeBillingAddress(user)
}

describe('the payment-plan screen', () => {
  it('shows only the plan’s methods with the SPEC labels, and pays by credit card in 2x through the steps', async () => {
    const paidNow = application().plans.map((plan) =>
      plan.id === 5 ? { ...plan, state: 'paid' as const, payment: result({ instalments: 2 }) } : plan,
    )
    const { requests } = stubFetch({
      ...base,
      // Meus editais is read again after the payment: the plan is paid now, and step 5 stays.
      '/api/usuario/editais': [{ body: [application()] }, { body: [application(paidNow)] }],
      [PAY]: { body: result({ instalments: 2, instalment_value: 44500 }) },
    })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await goToPayment(user, 'Cartão de crédito')
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Cartão de crédito',
      'Boleto',
      'Cartão de débito',
    ])
    await user.selectOptions(screen.getByLabelText('Parcelas'), '2')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('heading', { name: 'Etapa 4 de 5: Pagamento' })
    await fillCard(user)
    await user.click(screen.getByRole('button', { name: /^Pagar 2x de R\$ 445,00/ }))

    expect(await screen.findByText('Pagamento aprovado')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Etapa 5 de 5: Concluído' })).toBeTruthy()
    expect(
      screen.getByRole('list', { name: 'Etapas do pagamento' }).querySelector('[aria-current="step"]')
        ?.textContent,
    ).toContain('Concluído')
    const [payment] = requests(PAY)
    // SPEC section 3: plan_id, the payer form's fields (its id: the student's own record), cardhash,
    // total (the plan amount), holderName and inscricao_id.
    expect(payment!.body).toMatchObject({
      plan_id: 5,
      inscricao_id: 1,
      id: STUDENT.id,
      name: STUDENT.name,
      email: STUDENT.email,
      cpf: '52998224725',
      phone: STUDENT.phone,
      payment_method: 'credit_card',
      parcela: 2,
      cardhash: 'token_plano',
      holderName: 'MARIA S LIMA',
      total: 89000,
    })
    expect(JSON.stringify(payment!.body)).not.toContain('4000000000000010')
  })

  it('a boleto ends on step 5 with the link that opens the PDF (?format=pdf)', async () => {
    stubFetch({
      ...base,
      [PAY]: {
        body: result({
          status: 'pending',
          payment_method: 'boleto',
          ccj_boleto_link: 'http://127.0.0.1:8090/sandbox/boletos/ch_9',
          ccj_pay_number: '23790000000000000000000000000000000000000000000',
          boleto_due_at: '2026-11-26T12:00:00.000Z',
          paid_at: null,
        }),
      },
    })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await goToPayment(user, 'Boleto')
    expect(screen.queryByLabelText('Parcelas')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    // A registered boleto names its payer's address (issue 30): asked for before it is sent.
    await user.click(await screen.findByRole('button', { name: 'Gerar boleto' }))
    expect((await screen.findAllByText('CEP inválido')).length).toBeGreaterThan(0)
    await typeBillingAddress(user)
    await user.click(screen.getByRole('button', { name: 'Gerar boleto' }))
    expect(await screen.findByText('Boleto gerado')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Abrir boleto/ }).getAttribute('href')).toBe(
      'http://127.0.0.1:8090/sandbox/boletos/ch_9?format=pdf',
    )
  })

  it('the CEP fills the street, neighbourhood, city and state of a boleto’s address', async () => {
    stubFetch({
      ...base,
      '/api/cep/80730000': {
        body: {
          cep: '80730-000',
          street: 'Rua Padre Anchieta',
          neighborhood: 'Bigorrilho',
          city: 'Curitiba',
          state: 'PR',
        },
      },
    })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await goToPayment(user, 'Boleto')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await user.type(await screen.findByLabelText('CEP'), '80730000')
    await waitFor(() =>
      expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('Rua Padre Anchieta'),
    )
    expect((screen.getByLabelText('Bairro') as HTMLInputElement).value).toBe('Bigorrilho')
    expect((screen.getByLabelText('Cidade') as HTMLInputElement).value).toBe('Curitiba')
    expect((screen.getByLabelText('UF') as HTMLSelectElement).value).toBe('PR')
  })

  it('a debit card the issuer challenges goes to the issuer’s page', async () => {
    stubFetch({
      ...base,
      [PAY]: {
        body: result({
          status: 'pending',
          payment_method: 'debit_card',
          authentication_url: 'http://127.0.0.1:8090/sandbox/3ds/ch_3',
          paid_at: null,
        }),
      },
    })
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await goToPayment(user, 'Cartão de débito')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('heading', { name: 'Etapa 4 de 5: Pagamento' })
    await fillCard(user, '4000000000003204')
    await user.click(screen.getByRole('button', { name: /^Pagar R\$ 890,00/ }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8090/sandbox/3ds/ch_3'))
    expect(screen.getByRole('button', { name: /Indo para o seu banco/ })).toBeTruthy()
  })

  it('back from a refused challenge: the pt-BR refusal, and a new attempt from the start', async () => {
    const id = `pla_${'b'.repeat(32)}`
    stubFetch({
      ...base,
      [`/api/usuario/editais/pagamentos/${id}`]: {
        body: result({
          payment_id: id,
          status: 'failed',
          payment_method: 'debit_card',
          refusal: 'a autenticação do cartão de débito não foi concluída junto ao banco emissor.',
          paid_at: null,
        }),
      },
    })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, `/?inscricao=1&pagamento=${id}`)
    expect((await screen.findByTestId('plan-refusal')).textContent).toBe(
      'Pagamento recusado: a autenticação do cartão de débito não foi concluída junto ao banco emissor.',
    )
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('heading', { name: 'Etapa 1 de 5: Plano' })).toBeTruthy()
  })

  it('back from an approved challenge: step 5', async () => {
    const id = `pla_${'c'.repeat(32)}`
    stubFetch({
      ...base,
      [`/api/usuario/editais/pagamentos/${id}`]: {
        body: result({ payment_id: id, payment_method: 'debit_card' }),
      },
    })
    renderAt(<PlanPaymentPage planId="5" />, `/?pagamento=${id}`)
    expect(await screen.findByText('Pagamento aprovado')).toBeTruthy()
  })

  it("toasts 'Erro ao pegar plano' when the plan cannot be read", async () => {
    stubFetch({ ...base, '/search/planos': { status: 404, body: { msg: 'Plano não encontrado.' } } })
    renderAt(<PlanPaymentPage planId="99" />)
    expect(await screen.findByText(toastTitle('Erro ao pegar plano'))).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Erro ao pegar plano')
  })

  it('a payer whose data differ from the record goes without the id; step 5 offers to update the record', async () => {
    const { requests } = stubFetch({
      ...base,
      [PAY]: {
        body: result({ status: 'pending', payment_method: 'boleto', needs_update: true, paid_at: null }),
      },
    })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await screen.findByRole('heading', { name: 'Etapa 1 de 5: Plano' })
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    const name = await screen.findByLabelText('Nome completo')
    await user.clear(name)
    await user.type(name, 'João Pedro Lima')
    await user.type(screen.getByLabelText('CPF'), '52998224725')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await user.click(await screen.findByRole('radio', { name: 'Boleto' }))
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('button', { name: 'Gerar boleto' })
    await typeBillingAddress(user)
    await user.click(screen.getByRole('button', { name: 'Gerar boleto' }))
    expect(await screen.findByRole('link', { name: 'Atualizar meu cadastro' })).toBeTruthy()
    expect(requests(PAY)[0]!.body).not.toHaveProperty('id')
    expect(requests(PAY)[0]!.body).toMatchObject({ name: 'João Pedro Lima' })
  })

  it('a declined card stays on step 4 with the provider errors joined (code 2)', async () => {
    stubFetch({
      ...base,
      [PAY]: {
        status: 422,
        body: {
          msg: 'x',
          code: 2,
          errors: ['Pagamento recusado pela operadora do cartão: saldo ou limite insuficiente.'],
        },
      },
    })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await goToPayment(user, 'Cartão de crédito')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('heading', { name: 'Etapa 4 de 5: Pagamento' })
    await fillCard(user, '4000000000000051')
    await user.click(screen.getByRole('button', { name: /^Pagar/ }))
    const alert = await screen.findByText(/saldo ou limite insuficiente/)
    expect(alert.closest('[role="alert"]')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Etapa 4 de 5: Pagamento' })).toBeTruthy()
  })
})

describe('the plan purchase errors (SPEC section 8)', () => {
  it('code 1 is a generic server error, code 2 and 3 the errors joined; forma de pagamento inválida', () => {
    expect(
      planPurchaseFailure(new ApiError(404, { msg: 'Plano não encontrado.', code: 1, errors: ['x'] })),
    ).toMatchObject({
      message: 'Erro no servidor ao processar o pagamento. Tente novamente mais tarde.',
      toast: true,
    })
    expect(
      planPurchaseFailure(new ApiError(422, { msg: 'a', code: 2, errors: ['um', 'dois'] })).message,
    ).toBe('um, dois')
    expect(
      planPurchaseFailure(new ApiError(422, { msg: 'x', code: 3, errors: ['forma de pagamento inválida'] }))
        .message,
    ).toBe('forma de pagamento inválida')
    expect(
      planPurchaseFailure(
        new ApiError(503, { msg: 'Tente em instantes.', code: 2, errors: ['Tente em instantes.'] }),
      ),
    ).toMatchObject({
      final: false,
    })
  })

  it('a payer with the student’s own data carries the id', () => {
    expect(
      payerId(STUDENT, { name: STUDENT.name, email: STUDENT.email.toUpperCase(), phone: '41999990101' }),
    ).toBe(STUDENT.id)
    expect(
      payerId(STUDENT, { name: 'Outra Pessoa', email: STUDENT.email, phone: STUDENT.phone! }),
    ).toBeUndefined()
  })
})

describe('Meus editais', () => {
  // Today in Curitiba decides whether a fee still to pay is late: the clock is set, the rest runs.
  const at = (instant: string) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(instant))
  }
  const registrationOnly = (overrides: Partial<Application>): Application => {
    const approved = application()
    return {
      ...approved,
      plans: [{ ...approved.plans[0]!, state: 'due', payment: null }],
      paid_cents: 0,
      due_cents: 45000,
      ...overrides,
    }
  }

  /** The application's card on "Meus editais", the API listing `shown` alone. */
  async function applicationCard(shown: Application) {
    stubFetch({ '/api/usuario/editais': { body: [shown] } })
    renderAt(<MyEditaisPage />)
    return screen.findByRole('article', { name: 'Especialização Multiprofissional' })
  }

  /** The card of an application the institute decided on: its state, its sentence and the reason given. */
  async function decidedCard({
    status,
    reason,
    badge,
    sentence,
    ...overrides
  }: Partial<Application> & {
    status: Application['status']
    reason: string
    badge: string
    sentence: string
  }) {
    const card = await applicationCard(registrationOnly({ status, decision_reason: reason, ...overrides }))
    expect(within(card).getByText(badge)).toBeTruthy()
    expect(within(card).getByText(sentence)).toBeTruthy()
    expect(within(card).getByText(reason)).toBeTruthy()
    return card
  }

  it('lists the application’s fees paid, pending (its boleto PDF) and due, with their kind, due dates and what to pay', async () => {
    at('2026-11-26T12:00:00.000Z')
    const card = await applicationCard(application())
    expect(within(card).getByText('aprovada')).toBeTruthy()
    const rows = within(card).getAllByRole('listitem')
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Matrícula',
      'Mensalidade de março/2027',
      'Mensalidade de abril/2027',
    ])
    expect(within(rows[0]!).getByText('Taxa de inscrição')).toBeTruthy()
    expect(within(rows[0]!).getByText('Paga')).toBeTruthy()
    expect(within(rows[1]!).getByText('Mensalidade · vence em 10/03/2027')).toBeTruthy()
    expect(within(rows[1]!).getByText('A pagar')).toBeTruthy()
    expect(within(rows[1]!).getByRole('link', { name: /Pagar/ }).getAttribute('href')).toBe(
      '/usuario/editais/mensalidade/5?inscricao=1',
    )
    expect(within(rows[2]!).getByText('Mensalidade · vence em 10/04/2027')).toBeTruthy()
    expect(within(rows[2]!).getByText('Aguardando pagamento')).toBeTruthy()
    expect(
      within(rows[2]!)
        .getByRole('link', { name: /Abrir boleto/ })
        .getAttribute('href'),
    ).toBe('http://127.0.0.1:8090/sandbox/boletos/ch_1?format=pdf')
    expect(card.querySelector('dl')?.textContent).toBe('Pago: R$ 450,00A pagar: R$ 1.780,00')
    expect(within(card).queryByText(/aparecem aqui depois que a inscrição for aprovada/)).toBeNull()
  })

  /** The March fee's row of the approved application, as the page shows it at `instant`. */
  async function marchRowAt(instant: string) {
    at(instant)
    const card = await applicationCard(application())
    return within(
      within(card).getByRole('heading', { level: 3, name: 'Mensalidade de março/2027' }).closest('li')!,
    )
  }

  it('a monthly fee unpaid after its due day (in Curitiba) is late, and still payable', async () => {
    // 11 March 2027, 01:00 in Curitiba: the 10th has ended there.
    const march = await marchRowAt('2027-03-11T04:00:00.000Z')
    expect(march.getByText('Em atraso')).toBeTruthy()
    expect(march.getByRole('link', { name: 'Pagar Mensalidade de março/2027' })).toBeTruthy()
  })

  it('the 10th itself, in Curitiba, is not late yet', async () => {
    // 10 March 2027, 23:30 in Curitiba (already the 11th in UTC).
    const march = await marchRowAt('2027-03-11T02:30:00.000Z')
    expect(march.getByText('A pagar')).toBeTruthy()
  })

  it('a submitted application says the monthly fees appear once it is approved', async () => {
    const card = await applicationCard(registrationOnly({ status: 'submitted' }))
    expect(within(card).getByText('inscrição enviada')).toBeTruthy()
    expect(
      within(card).getByText(
        'Se o edital tiver mensalidades, elas aparecem aqui depois que a inscrição for aprovada.',
      ),
    ).toBeTruthy()
    expect(within(card).queryByText(/Motivo informado/)).toBeNull()
    expect(within(card).getByRole('link', { name: 'Pagar Matrícula' })).toBeTruthy()
  })

  it('a wait-listed application shows the state and the institute’s reason; its registration fee stays payable', async () => {
    const card = await decidedCard({
      status: 'waitlisted',
      reason: 'Vagas preenchidas; você é o 2º da lista.',
      badge: 'lista de espera',
      sentence: 'Sua inscrição está na lista de espera.',
    })
    expect(within(card).getByText(/aparecem aqui depois que a inscrição for aprovada/)).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Pagar Matrícula' })).toBeTruthy()
  })

  it('a refused application shows the institute’s reason and nothing to pay', async () => {
    const card = await decidedCard({
      status: 'rejected',
      reason: 'Documentação incompleta: falta o diploma.',
      badge: 'não aprovada',
      sentence: 'Sua inscrição não foi aprovada.',
      plans: [],
      due_cents: 0,
    })
    expect(within(card).queryByRole('link', { name: /Pagar/ })).toBeNull()
    expect(within(card).queryByText(/mensalidades/)).toBeNull()
  })
})

describe("the fee's nota fiscal: 'Comprar como empresa' and 'Moro fora do Brasil' (issue 43)", () => {
  const slip = result({ status: 'pending', payment_method: 'boleto', paid_at: null })

  /** Step 2 with the CPF typed; `taker` ticks and fills the note's taker there. */
  async function payByBoleto(
    user: ReturnType<typeof userEvent.setup>,
    taker: () => Promise<void>,
  ): Promise<void> {
    await screen.findByRole('heading', { name: 'Etapa 1 de 5: Plano' })
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('heading', { name: 'Etapa 2 de 5: Dados do pagador' })
    await user.type(screen.getByLabelText('CPF'), '52998224725')
    await taker()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('heading', { name: 'Etapa 3 de 5: Forma de pagamento' })
    await user.click(screen.getByRole('radio', { name: 'Boleto' }))
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await screen.findByRole('heading', { name: 'Etapa 4 de 5: Pagamento' })
    await typeBillingAddress(user)
    await user.click(screen.getByRole('button', { name: 'Gerar boleto' }))
    expect(await screen.findByText('Boleto gerado')).toBeTruthy()
  }

  it('a company: a wrong CNPJ keeps step 2 with the checkout’s message; the right one is sent as `empresa`', async () => {
    const { requests } = stubFetch({ ...base, [PAY]: { body: slip } })
    const user = userEvent.setup()
    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await payByBoleto(user, async () => {
      expect(screen.queryByLabelText('CNPJ')).toBeNull()
      await user.click(screen.getByRole('checkbox', { name: 'Comprar como empresa' }))
      const cnpj = screen.getByLabelText('CNPJ') as HTMLInputElement
      await user.type(cnpj, '11444777000100')
      expect(cnpj.value).toBe('11.444.777/0001-00')
      await user.click(screen.getByRole('button', { name: 'Continuar' }))
      expect(await screen.findByText(INVOICE_MESSAGES.cnpj)).toBeTruthy()
      expect(screen.getByText(INVOICE_MESSAGES.razaoSocial)).toBeTruthy()
      expect(screen.getByRole('heading', { name: 'Etapa 2 de 5: Dados do pagador' })).toBeTruthy()
      await user.clear(cnpj)
      await user.type(cnpj, '11444777000161')
      await user.type(screen.getByLabelText('Razão social'), 'Clínica Renal Ltda')
    })
    const [payment] = requests(PAY)
    expect(payment!.body).toMatchObject({
      payment_method: 'boleto',
      cpf: '52998224725',
      empresa: { cnpj: '11.444.777/0001-61', razaoSocial: 'Clínica Renal Ltda' },
    })
    expect(payment!.body).not.toHaveProperty('estrangeiro')
  })

  it('a payer abroad: the address outside Brazil is sent as `estrangeiro`; unticked boxes send nothing', async () => {
    const { requests } = stubFetch({ ...base, [PAY]: [{ body: slip }, { body: slip }] })
    const user = userEvent.setup()
    const view = renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await payByBoleto(user, async () => {
      await user.click(screen.getByRole('checkbox', { name: 'Moro fora do Brasil' }))
      await user.selectOptions(screen.getByLabelText('País'), 'PT')
      await user.type(screen.getByLabelText('Código postal'), '1100-053')
      await user.type(screen.getByLabelText('Endereço no exterior'), 'Rua Augusta 100')
      await user.type(screen.getByLabelText('Cidade no exterior'), 'Lisboa')
    })
    expect(requests(PAY)[0]!.body).toMatchObject({
      estrangeiro: { pais: 'PT', endereco: 'Rua Augusta 100', cidade: 'Lisboa', codigo_postal: '1100-053' },
    })
    expect(requests(PAY)[0]!.body).not.toHaveProperty('empresa')
    view.unmount()

    renderAt(<PlanPaymentPage planId="5" />, '/?inscricao=1')
    await payByBoleto(user, async () => {
      await user.click(screen.getByRole('checkbox', { name: 'Comprar como empresa' }))
      await user.type(screen.getByLabelText('CNPJ'), '11')
      await user.click(screen.getByRole('checkbox', { name: 'Comprar como empresa' }))
    })
    expect(requests(PAY)[1]!.body).not.toHaveProperty('empresa')
    expect(requests(PAY)[1]!.body).not.toHaveProperty('estrangeiro')
  })
})
