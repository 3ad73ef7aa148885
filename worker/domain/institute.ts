/**
 * The institute's public identity, shared by the web app, e-mails and page metadata. The site's
 * address is configuration (PUBLIC_ORIGIN, worker/config.ts), not a constant here.
 */
export const INSTITUTE = {
  name: 'Instituto Renalis',
  fullName: 'Instituto Renalis de Ensino e Pesquisa em Nefrologia',
  loyaltyCardUrl: 'https://cartao.institutorenalis.com.br',
  phones: {
    education: { label: 'Centro de Ensino', number: '(41) 3333-0101' },
    research: { label: 'Pesquisa Acadêmica', number: '(41) 3333-0202' },
  },
  emails: {
    education: 'ensino@institutorenalis.com.br',
    contact: 'contato@institutorenalis.com.br',
  },
  address: {
    street: 'Rua Padre Anchieta, 1000 – Bigorrilho',
    city: 'Curitiba',
    state: 'Paraná',
    stateCode: 'PR',
    zip: '80730-000',
  },
} as const

/** Default images (SPEC section 2) for missing or broken pictures. */
export const DEFAULT_IMAGES = {
  course: '/img/default-course.svg',
  product: '/img/default-product.svg',
  user: '/img/default-user.svg',
} as const

/** Where administrators' uploads live in R2 (a public prefix: /files/{key} serves them). */
export const UPLOADED_IMAGE_PREFIX = 'catalogo/'

/**
 * A slider entry is a [name, extension] pair; seeded files live under /img/{kind}/, images an
 * administrator uploaded are R2 keys under catalogo/, served by /files/{key}.
 */
export function sliderImageUrl(kind: 'cursos' | 'produtos' | 'ebooks', [name, extension]: [string, string]) {
  if (name.startsWith(UPLOADED_IMAGE_PREFIX)) return `/files/${encodeURIComponent(`${name}.${extension}`)}`
  return `/img/${kind}/${name}.${extension}`
}

/** A course's or a product's picture on a card or a cart line: its slider's first image, or the default. */
export function coverImageUrl(kind: 'cursos' | 'produtos', slider: readonly [string, string][] = []): string {
  const first = slider[0]
  if (first) return sliderImageUrl(kind, first)
  return kind === 'cursos' ? DEFAULT_IMAGES.course : DEFAULT_IMAGES.product
}

/**
 * The conference's name (its page's title, what its attendance certificates attest). Here, not in
 * ./conference.ts, so that the conference route's head does not bring the programme's rules into
 * every page's first load.
 */
export const CONFERENCE_TITLE = '4ª Jornada Multiprofissional em Nefrologia'
