import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { INVOICE_MESSAGES } from '../../worker/contract/fiscal.ts'
import {
  checkoutView,
  HASH,
  ORDER_ID,
  payResult,
  renderShop,
  stubFetch,
  typeBillingAddress,
} from '../support/web/checkout-fixtures.tsx'

// 'Comprar como empresa' (issue 43, item 5): the box reveals the CNPJ (masked, checked in the
// browser with the contract's rule, the one the Worker applies) and the razão social, sent in the
// checkout's body as `empresa`.

const ANONYMOUS = { status: 401, body: { message: 'Unauthenticated.' } }

async function openCheckout(view = checkoutView()) {
  const stub = stubFetch({
    '/checkout/get': { body: view },
    '/admin/user/get': ANONYMOUS,
    '/checkout/pagar': { body: payResult() },
    [`/api/pedidos/${ORDER_ID}`]: { body: { ...payResult(), items: [] } },
  })
  renderShop(`/checkout/${HASH}`)
  await screen.findByRole('group', { name: 'Forma de pagamento' })
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Nome completo'), 'Maria Souza Lima')
  await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br')
  await user.type(screen.getByLabelText('CPF'), '52998224725')
  await user.type(screen.getByLabelText('Telefone'), '41999990101')
  await user.click(screen.getByRole('radio', { name: 'PIX' }))
  await typeBillingAddress(user)
  return { ...stub, user }
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }))

describe("checkout: 'Comprar como empresa'", () => {
  it('reveals the CNPJ, masked, and the razão social; a wrong CNPJ stays in the browser with the rule’s message', async () => {
    const { user, requests } = await openCheckout()
    expect(screen.queryByLabelText('CNPJ')).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Comprar como empresa' }))
    const cnpj = screen.getByLabelText('CNPJ')
    await user.type(cnpj, '11222333000180')
    expect((cnpj as HTMLInputElement).value).toBe('11.222.333/0001-80')
    await submit(user)
    expect(await screen.findByText(INVOICE_MESSAGES.cnpj)).toBeTruthy()
    expect(screen.getByText(INVOICE_MESSAGES.razaoSocial)).toBeTruthy()
    expect(cnpj.getAttribute('aria-invalid')).toBe('true')
    expect(requests('/checkout/pagar')).toHaveLength(0)
  })

  it('sends `empresa` with the CNPJ and the razão social; the alphanumeric CNPJ of 2026 is typed in any case', async () => {
    const { user, requests } = await openCheckout()
    await user.click(screen.getByRole('checkbox', { name: 'Comprar como empresa' }))
    const cnpj = screen.getByLabelText('CNPJ') as HTMLInputElement
    await user.type(cnpj, '12abc34501de35')
    expect(cnpj.value).toBe('12.ABC.345/01DE-35')
    await user.type(screen.getByLabelText('Razão social'), 'Clínica Renal Curitiba Ltda')
    await submit(user)
    await waitFor(() => expect(requests('/checkout/pagar')).toHaveLength(1))
    expect(requests('/checkout/pagar')[0]!.body).toMatchObject({
      payment_type: 'PIX',
      payer: { cpf: '52998224725' },
      empresa: { cnpj: '12.ABC.345/01DE-35', razaoSocial: 'Clínica Renal Curitiba Ltda' },
    })
  })

  it('leaves `empresa` out when the box is unticked, whatever was typed', async () => {
    const { user, requests } = await openCheckout()
    const box = screen.getByRole('checkbox', { name: 'Comprar como empresa' })
    await user.click(box)
    await user.type(screen.getByLabelText('CNPJ'), '11')
    await user.click(box)
    await submit(user)
    await waitFor(() => expect(requests('/checkout/pagar')).toHaveLength(1))
    expect(requests('/checkout/pagar')[0]!.body).not.toHaveProperty('empresa')
  })
})

describe("checkout: 'Moro fora do Brasil' (a buyer abroad)", () => {
  it('is offered as the API takes it, with or without the passport flag (as on a fee’s payment)', async () => {
    await openCheckout()
    expect(screen.getByRole('checkbox', { name: 'Moro fora do Brasil' })).toBeTruthy()
  })

  it('asks for the address abroad with the rule’s messages, then sends it as `estrangeiro`', async () => {
    const { user, requests } = await openCheckout(
      checkoutView({ flags: { has_student_doc: false, has_passport: true } }),
    )
    await user.click(screen.getByRole('checkbox', { name: 'Moro fora do Brasil' }))
    await submit(user)
    expect(await screen.findByText(INVOICE_MESSAGES.foreignCountry)).toBeTruthy()
    expect(screen.getByText(INVOICE_MESSAGES.foreignAddress)).toBeTruthy()
    expect(requests('/checkout/pagar')).toHaveLength(0)

    await user.selectOptions(screen.getByLabelText('País'), 'PT')
    expect((screen.getByRole('option', { name: 'Portugal' }) as HTMLOptionElement).selected).toBe(true)
    expect(screen.queryByRole('option', { name: 'Brasil' })).toBeNull()
    await user.type(screen.getByLabelText('Endereço no exterior'), 'Rua Augusta, 100, 2º esq.')
    await user.type(screen.getByLabelText('Cidade no exterior'), 'Lisboa')
    await user.type(screen.getByLabelText('Código postal'), '1100-053')
    await user.type(screen.getByLabelText('Número fiscal no seu país (opcional)'), '123456789')
    await submit(user)
    await waitFor(() => expect(requests('/checkout/pagar')).toHaveLength(1))
    const body = requests('/checkout/pagar')[0]!.body!
    expect(body.estrangeiro).toEqual({
      pais: 'PT',
      endereco: 'Rua Augusta, 100, 2º esq.',
      cidade: 'Lisboa',
      codigo_postal: '1100-053',
      nif: '123456789',
    })
  })
})
