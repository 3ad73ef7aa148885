/** The home page showcase (three carousels) and the server-supplied menu. */
import { INSTITUTE } from '../../worker/domain/institute.ts'
import type { menuOptions, showcaseCards, showcaseLists } from '../schema.ts'
import { bundlePrices, classById, courseById, PRODUCT_ROWS, SEED_IDS } from './catalog.ts'

type ShowcaseListRow = typeof showcaseLists.$inferInsert & { id: number }
type ShowcaseCardRow = typeof showcaseCards.$inferInsert
type MenuOptionRow = typeof menuOptions.$inferInsert & { id: number }

/** A picture that does not exist, so the UI's fallback to the default course image is exercised. */
export const MISSING_IMAGE = '/img/cursos/inexistente.svg'

const LIST_IDS = { online: 1, presencial: 2, intervencionista: 3 } as const

export const HOME_LIST_ROWS: ShowcaseListRow[] = [
  {
    id: LIST_IDS.online,
    title: 'Cursos Online',
    subTitle: 'Estude no seu ritmo: videoaulas, material didático online e e-books para baixar e imprimir.',
    isCartMode: true,
    sortOrder: 1,
  },
  {
    id: LIST_IDS.presencial,
    title: 'Cursos Presenciais',
    subTitle: 'Imersões e treinamentos práticos no Centro de Ensino, em Curitiba.',
    isCartMode: false,
    sortOrder: 2,
  },
  {
    id: LIST_IDS.intervencionista,
    title: 'Nefrologia Intervencionista',
    subTitle: 'Acesso vascular, fístula, cateteres e biópsia renal com prática supervisionada.',
    isCartMode: false,
    sortOrder: 3,
  },
]

function courseImage(courseId: number, slide = 0) {
  const pair = courseById(courseId).slider?.[slide]
  return pair ? `/img/cursos/${pair[0]}.${pair[1]}` : null
}

/** A cart-mode card sells one class: its price is the class's price. */
function classCard(classId: number, sortOrder: number, descriptionTitle: string, description: string) {
  const turma = classById(classId)
  return {
    listId: LIST_IDS.online,
    type: 'turma',
    itemId: classId,
    name: courseById(turma.courseId).name,
    descriptionTitle,
    description,
    img: courseImage(turma.courseId),
    priceCents: turma.priceCents,
    url: `/cursos/${courseById(turma.courseId).url}`,
    isOpen: true,
    sortOrder,
  } satisfies ShowcaseCardRow
}

/** A course card of a link-mode list: the price shown is the course's first open class. */
function courseCard(
  listId: number,
  courseId: number,
  classId: number,
  card: Pick<ShowcaseCardRow, 'descriptionTitle' | 'description' | 'isOpen' | 'sortOrder' | 'amountCents'> & {
    img?: string | null
  },
) {
  const course = courseById(courseId)
  return {
    listId,
    type: 'curso',
    itemId: courseId,
    name: course.name,
    img: card.img === undefined ? courseImage(courseId) : card.img,
    priceCents: classById(classId).priceCents,
    url: `/cursos/${course.url}`,
    ...card,
  } satisfies ShowcaseCardRow
}

const pad = PRODUCT_ROWS.find((p) => p.id === SEED_IDS.products.cannulationPad)!
const vascularAndBiopsy = bundlePrices(SEED_IDS.bundles.percent)

export const HOME_CARD_ROWS: ShowcaseCardRow[] = [
  // Cursos Online: cart mode, every card is a class.
  classCard(
    1,
    1,
    'Comece agora',
    '60 horas de videoaulas, apostilas para download e fórum com os professores.',
  ),
  classCard(
    3,
    2,
    'Comece agora',
    'Rastreamento, estadiamento KDIGO e nefroproteção na unidade básica de saúde.',
  ),
  classCard(
    4,
    3,
    'Comece agora',
    'Avaliação nutricional, dieta hipoproteica e controle de fósforo e potássio.',
  ),
  // Over 50 characters: the card switches to its wide-image layout.
  classCard(5, 4, 'Comece agora', 'Do diagnóstico pelos critérios KDIGO à prescrição de CVVHDF com citrato.'),
  classCard(
    7,
    5,
    'Comece agora',
    'ICH E6, CEP/Conep e consentimento: o básico para trabalhar em pesquisa clínica.',
  ),
  classCard(8, 6, 'Comece agora', 'Infecção urinária, síndrome nefrótica e hipertensão na infância.'),
  {
    ...classCard(
      18,
      7,
      'Módulo teórico',
      'A teoria do curso de acesso vascular, para estudar antes da prática.',
    ),
    name: 'Acesso Vascular para Hemodiálise – Módulo Teórico Online',
  },

  // Cursos Presenciais: links; open cards read 'realizar inscrição', the others 'Saiba mais'.
  courseCard(LIST_IDS.presencial, 7, 9, {
    descriptionTitle: 'Abril e setembro de 2027',
    description: 'Três dias de imersão em prescrição, hemodiafiltração e qualidade em hemodiálise.',
    isOpen: true,
    sortOrder: 1,
  }),
  courseCard(LIST_IDS.presencial, 8, 11, {
    descriptionTitle: '21 de maio de 2027',
    description: 'Prescrição, treinamento do paciente e peritonite, com oficinas de troca e cicladora.',
    isOpen: true,
    sortOrder: 2,
  }),
  courseCard(LIST_IDS.presencial, 9, 12, {
    descriptionTitle: '18 de junho de 2027',
    description: 'Avaliação do receptor e do doador, imunossupressão e seguimento ambulatorial.',
    isOpen: false,
    sortOrder: 3,
    // No picture: the UI shows the default course image.
    img: null,
  }),
  courseCard(LIST_IDS.presencial, 10, 14, {
    descriptionTitle: 'Março e agosto de 2027',
    description: 'Rins, pulmão, VExUS e mapeamento vascular com o transdutor na mão.',
    isOpen: true,
    sortOrder: 4,
  }),
  courseCard(LIST_IDS.presencial, 11, 16, {
    descriptionTitle: '12 a 16 de julho de 2027',
    description: 'Revisão intensiva e questões comentadas para a prova de título.',
    isOpen: false,
    sortOrder: 5,
  }),

  // Nefrologia Intervencionista: links, struck-through prices and a product.
  {
    listId: LIST_IDS.intervencionista,
    type: 'pacote',
    itemId: SEED_IDS.bundles.percent,
    name: 'Acesso Vascular + Biópsia Renal',
    nameSplited: ['Acesso Vascular', 'Biópsia Renal'],
    descriptionTitle: 'Pacote com 15% de desconto',
    description: 'Os dois treinamentos práticos em Curitiba, com até 12 parcelas.',
    img: courseImage(12, 1),
    priceCents: vascularAndBiopsy.discounted,
    amountCents: vascularAndBiopsy.full,
    url: '/cursos/acesso-vascular-para-hemodialise',
    isOpen: false,
    sortOrder: 1,
  },
  courseCard(LIST_IDS.intervencionista, 12, 17, {
    descriptionTitle: '23 de abril de 2027',
    description: 'Mapeamento, vigilância e resgate do acesso, com prática em simuladores.',
    isOpen: true,
    amountCents: 420000,
    sortOrder: 2,
  }),
  courseCard(LIST_IDS.intervencionista, 13, 19, {
    descriptionTitle: '28 de maio de 2027',
    description: 'Confecção de fístulas com treino de sutura e procedimentos supervisionados.',
    isOpen: true,
    amountCents: 460000,
    sortOrder: 3,
  }),
  courseCard(LIST_IDS.intervencionista, 14, 20, {
    descriptionTitle: '25 de junho de 2027',
    description: 'Cateteres de curta e longa permanência guiados por ultrassom.',
    isOpen: false,
    sortOrder: 4,
  }),
  courseCard(LIST_IDS.intervencionista, 15, 21, {
    descriptionTitle: '30 de julho de 2027',
    description: 'Biópsia de rim nativo e de enxerto com agulha automática e ultrassom.',
    isOpen: true,
    amountCents: 520000,
    sortOrder: 5,
    // Points at a picture that does not exist: the UI falls back to the default image.
    img: MISSING_IMAGE,
  }),
  {
    listId: LIST_IDS.intervencionista,
    type: 'produto',
    itemId: pad.id,
    productId: pad.id,
    name: pad.name,
    descriptionTitle: 'Para treinar em casa',
    description: 'Braçadeira de silicone para praticar punção em escada, em área e botoeira.',
    img: `/img/produtos/${pad.slider[0]![0]}.${pad.slider[0]![1]}`,
    priceCents: pad.priceCents,
    url: `/produtos/${pad.id}`,
    isOpen: true,
    sortOrder: 6,
  },
]

// ── Menu ────────────────────────────────────────────────────────────────────

const COURSES_MENU = 2
const RESEARCH_MENU = 7

/** Parents come before their children; ids are explicit so children can point at them. */
export const MENU_OPTION_ROWS: MenuOptionRow[] = [
  { id: 1, name: 'Quem somos', url: '/quem-somos', sortOrder: 1 },
  { id: COURSES_MENU, name: 'Cursos', url: '/cursos', sortOrder: 2 },
  { id: 3, parentId: COURSES_MENU, name: 'Sobre os cursos', url: '/cursos/sobre', sortOrder: 1 },
  { id: 4, parentId: COURSES_MENU, name: 'Cursos online', url: '/cursos#cursos-online', sortOrder: 2 },
  {
    id: 5,
    parentId: COURSES_MENU,
    name: 'Cursos presenciais',
    url: '/cursos#cursos-presenciais',
    sortOrder: 3,
  },
  {
    id: 6,
    parentId: COURSES_MENU,
    name: 'Nefrologia intervencionista',
    url: '/cursos#nefrologia-intervencionista',
    sortOrder: 4,
  },
  { id: RESEARCH_MENU, name: 'Pesquisa', url: '/pesquisa/centro-pesquisa-clinica', sortOrder: 3 },
  {
    id: 8,
    parentId: RESEARCH_MENU,
    name: 'Centro de Pesquisa Clínica',
    url: '/pesquisa/centro-pesquisa-clinica',
    sortOrder: 1,
  },
  {
    id: 9,
    parentId: RESEARCH_MENU,
    name: 'Estudos clínicos',
    url: '/pesquisa/estudos-clinicos',
    sortOrder: 2,
  },
  {
    id: 10,
    parentId: RESEARCH_MENU,
    name: 'Centro de Pesquisa Acadêmica',
    url: '/pesquisa/centro-pesquisa-academica',
    sortOrder: 3,
  },
  { id: 11, parentId: RESEARCH_MENU, name: 'Publicações', url: '/pesquisa/publicacoes', sortOrder: 4 },
  { id: 12, name: 'Produtos', url: '/produtos', sortOrder: 4 },
  { id: 13, name: 'E-books', url: '/ebooks', sortOrder: 5 },
  { id: 14, name: 'Anais', url: '/anais', sortOrder: 6 },
  { id: 15, name: 'Cartão Fidelidade', url: INSTITUTE.loyaltyCardUrl, isBlank: true, sortOrder: 7 },
  { id: 16, name: 'Contato', url: '/contato', sortOrder: 8 },
  { id: 17, name: 'Política de Privacidade', url: '/politicas-de-privacidade', sortOrder: 9 },

  { id: 18, name: 'Meu perfil', url: '/usuario/perfil', permission: 'N', sortOrder: 1 },
  { id: 19, name: 'Minhas compras', url: '/usuario/compras', permission: 'N', sortOrder: 2 },
  { id: 20, name: 'Meus cursos', url: '/usuario/cursos', permission: 'N', sortOrder: 3 },
  { id: 21, name: 'Meus editais', url: '/usuario/editais', permission: 'N', sortOrder: 4 },
  { id: 22, name: 'Meus e-books', url: '/usuario/ebooks', permission: 'N', sortOrder: 5 },

  { id: 23, name: 'Dashboard', url: '/admin', permission: 'A', sortOrder: 1 },
  { id: 24, name: 'Cursos', url: '/admin/course', permission: 'A', sortOrder: 2 },
  { id: 25, name: 'Turmas', url: '/admin/turmas', permission: 'A', sortOrder: 3 },
  { id: 26, name: 'Matrículas', url: '/admin/matriculas', permission: 'A', sortOrder: 4 },
  { id: 27, name: 'Leads', url: '/admin/leads', permission: 'A', sortOrder: 5 },
  { id: 28, name: 'Qrcode/Link', url: '/admin/qrcode', permission: 'A', sortOrder: 6 },
  { id: 29, name: 'Home', url: '/admin/home', permission: 'A', sortOrder: 7 },
]
