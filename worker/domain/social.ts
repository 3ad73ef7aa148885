import { labelled } from './labelled.ts'

/**
 * The login providers an account can be linked to (Instagram is offered but unavailable), named as
 * the pages write them.
 */
export const { values: SOCIAL_PROVIDERS, labels: PROVIDER_LABELS } = labelled({
  google: 'Google',
  facebook: 'Facebook',
})
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
