// Focus NFe's NFS-e Nacional API (https://focusnfe.com.br/doc/#nfse-nacional): the fiscal port's
// production adapter (decision 026).

/** Production; homologação is https://homologacao.focusnfe.com.br. */
export const FOCUS_NFE_API_URL = 'https://api.focusnfe.com.br'
export const FOCUS_NFE_HOMOLOGATION_URL = 'https://homologacao.focusnfe.com.br'
