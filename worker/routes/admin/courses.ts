import {
  AdminCourse,
  AdminCoursePage,
  AdminCoursesQuery,
  AdminLesson,
  AdminModule,
  CourseInput,
  CourseUpdateInput,
  LessonInput,
  LessonUpdateInput,
  ModuleInput,
  ModuleUpdateInput,
  PublishInput,
  UrlAvailability,
  UrlAvailabilityQuery,
} from '../../contract/admin-catalog.ts'
import { NoQuery } from '../../openapi.ts'
import {
  createLesson,
  createModule,
  deleteLesson,
  deleteModule,
  reorderLessons,
  reorderModules,
  updateLesson,
  updateModule,
} from '../../services/admin/course-content.ts'
import {
  checkCourseUrl,
  createCourse,
  getAdminCourse,
  listAdminCourses,
  setCoursePublished,
  updateCourse,
} from '../../services/admin/courses.ts'
import { done, json, routesOf } from '../operation.ts'
import { sliderImages } from './images.ts'
import { operation, orderedChildren, resource } from './operations.ts'

/** /admin/course: courses with their images, e-books, modules and lessons. */
export const adminCourseRoutes = routesOf(
  // Before /cursos/{id}, which would take "disponibilidade" for an id.
  operation({
    operationId: 'checkCourseUrl',
    route: 'GET /api/admin/cursos/disponibilidade',
    summary: 'Se um endereço (/cursos/{url}) está livre para um curso',
    query: UrlAvailabilityQuery,
    answers: json(200, UrlAvailability, 'Livre ou não, e por quê.'),
    run: ({ ctx, query: { url, except } }) => checkCourseUrl({ ctx, url, except }),
  }),
  ...resource('/api/admin/cursos', {
    list: {
      operationId: 'listAdminCourses',
      summary: 'Cursos (publicados ou não), com busca por nome ou endereço e por seção, paginados',
      query: AdminCoursesQuery,
      answers: json(200, AdminCoursePage, 'Uma página de cursos.'),
      run: listAdminCourses,
    },
    create: {
      operationId: 'createCourse',
      summary: 'Cadastrar um curso',
      description:
        'Publica uma nova versão do catálogo: a página do curso, a busca e o sitemap passam a mostrá-lo.',
      body: CourseInput,
      answers: json(201, AdminCourse, 'O curso criado.'),
      run: createCourse,
    },
    get: {
      operationId: 'getAdminCourse',
      summary: 'Um curso com imagens, e-books, módulos e aulas',
      query: NoQuery,
      answers: json(200, AdminCourse, 'O curso.'),
      run: getAdminCourse,
    },
    update: {
      operationId: 'updateCourse',
      summary: 'Alterar um curso',
      description: 'Envia a `version` lida: se outra pessoa salvou antes, responde 409 sem alterar nada.',
      body: CourseUpdateInput,
      answers: json(200, AdminCourse, 'O curso alterado.'),
      run: updateCourse,
    },
  }),
  operation({
    operationId: 'setCoursePublished',
    route: 'PUT /api/admin/cursos/{id}/publicacao',
    summary: 'Publicar ou despublicar um curso',
    body: PublishInput,
    answers: json(200, AdminCourse, 'O curso.'),
    errors: ['notFound', 'conflict'],
    run: setCoursePublished,
  }),
  ...sliderImages('course', {
    path: '/api/admin/cursos/{id}/imagens',
    upload: {
      operationId: 'uploadCourseImage',
      summary: 'Enviar uma imagem para o slider do curso (JPG, PNG ou WebP, até 2 MB)',
      description:
        'Tipo, tamanho e assinatura do arquivo (magic number) são conferidos; a imagem vai para o R2.',
      answer: 'As imagens do curso, a nova por último.',
    },
    update: {
      operationId: 'updateCourseImages',
      summary: 'Reordenar ou remover imagens do slider do curso',
      description: '`expected` é o que a tela mostrava: se o slider mudou desde então, responde 409.',
      answer: 'As imagens do curso.',
    },
  }),
  // ── Modules within their course (createCourseModule, reorderCourseModules, …), lessons within
  // their module (createLesson, reorderLessons, updateLesson, deleteLesson) ──
  ...orderedChildren('/api/admin/cursos', '/api/admin/modulos', 'CourseModule', {
    verbs: { create: createModule, reorder: reorderModules, update: updateModule, remove: deleteModule },
    create: {
      summary: 'Criar um módulo no fim do curso',
      body: ModuleInput,
      answers: json(201, AdminModule, 'O módulo.'),
    },
    reorder: {
      summary: 'Nova ordem dos módulos do curso (todos os ids, uma vez cada)',
      answers: done('Reordenados.'),
    },
    update: {
      summary: 'Renomear um módulo',
      body: ModuleUpdateInput,
      answers: json(200, AdminModule.omit({ lessons: true }), 'O módulo.'),
    },
    remove: { summary: 'Excluir um módulo e suas aulas', answers: done('Excluído.') },
  }),
  ...orderedChildren('/api/admin/modulos', '/api/admin/aulas', 'Lesson', {
    verbs: { create: createLesson, reorder: reorderLessons, update: updateLesson, remove: deleteLesson },
    create: {
      summary: 'Criar uma aula no fim do módulo (vídeo do YouTube e texto em markdown)',
      body: LessonInput,
      answers: json(201, AdminLesson, 'A aula.'),
    },
    reorder: {
      summary: 'Nova ordem das aulas do módulo (todos os ids, uma vez cada)',
      answers: done('Reordenadas.'),
    },
    update: {
      summary: 'Alterar uma aula',
      body: LessonUpdateInput,
      answers: json(200, AdminLesson, 'A aula.'),
    },
    remove: { summary: 'Excluir uma aula', answers: done('Excluída.') },
  }),
)
