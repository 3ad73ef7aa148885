// What every test buyer gives the checkout, as the API takes it: plain data, shared by the worker,
// web and e2e suites.

import { ADDRESS } from '../../db/seed-data/student.ts'

/** The billing address of the test buyers: the demo student's (the institute's street in Curitiba). */
export const billingAddress = ADDRESS

/** That address as Pagar.me's API takes it (the `billing_address` of a boleto or a card). */
export const providerBillingAddress = {
  line_1: '1000, Rua Padre Anchieta, Bigorrilho',
  zip_code: '80730000',
  city: 'Curitiba',
  state: 'PR',
  country: 'BR',
}
