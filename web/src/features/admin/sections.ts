/**
 * The admin area's screens under /admin/{section} (SPEC section 2's admin menu), by their path
 * segment: the menu's label, and the page title's first half. One route draws them all
 * (web/src/routes/admin/$section.tsx): a route per screen would put each into every page's first
 * load (the route tree), where there is no room left (decision 009's budget).
 */
export const ADMIN_SECTIONS = {
  course: 'Cursos',
  turmas: 'Turmas',
  matriculas: 'Matrículas',
  'notas-fiscais': 'Notas fiscais',
  editais: 'Editais',
  certificados: 'Certificados',
  leads: 'Leads',
  qrcode: 'Qrcode/Link',
  home: 'Home',
} as const
export type AdminSection = keyof typeof ADMIN_SECTIONS

export const isAdminSection = (section: string): section is AdminSection =>
  Object.hasOwn(ADMIN_SECTIONS, section)
