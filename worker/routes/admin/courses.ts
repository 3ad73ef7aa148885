import { z } from '@hono/zod-openapi'
import { Done } from '../../contract/admin.ts'
import {
  AdminCourse,
  AdminCoursePage,
  AdminCoursesQuery,
  AdminImage,
  AdminLesson,
  AdminModule,
  CourseInput,
  CourseUpdateInput,
  ImagesInput,
  ImageUploadForm,
  LessonInput,
  LessonUpdateInput,
  ModuleInput,
  ModuleUpdateInput,
  OrderInput,
  PublishInput,
  UrlAvailability,
  UrlAvailabilityQuery,
} from '../../contract/admin-catalog.ts'
import { CATALOG_IMAGE_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from '../../domain/uploads.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../../openapi.ts'
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
import { addSliderImage, updateSliderImages } from '../../services/admin/images.ts'
import { ADMIN_TAG, actorOf, IdParams } from './shared.ts'

const uploadBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: ImageUploadForm.extend({
          image: z.unknown().optional().openapi({ type: 'string', format: 'binary' }),
        }),
      },
    },
    required: true,
  },
}

/** /admin/course: courses with their images, e-books, modules and lessons. */
export const adminCourseRoutes = newApp()
  .openapi(
    defineRoute('A', {
      operationId: 'listAdminCourses',
      method: 'get',
      path: '/api/admin/cursos',
      tags: [ADMIN_TAG],
      summary: 'Cursos (publicados ou não), com busca por nome ou endereço e por seção, paginados',
      request: { query: AdminCoursesQuery },
      responses: { 200: jsonContent(AdminCoursePage, 'Uma página de cursos.') },
    }),
    async (c) => c.json(await listAdminCourses({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'checkCourseUrl',
      method: 'get',
      path: '/api/admin/cursos/disponibilidade',
      tags: [ADMIN_TAG],
      summary: 'Se um endereço (/cursos/{url}) está livre para um curso',
      request: { query: UrlAvailabilityQuery },
      responses: { 200: jsonContent(UrlAvailability, 'Livre ou não, e por quê.') },
    }),
    async (c) => {
      const { url, except } = c.req.valid('query')
      return c.json(await checkCourseUrl({ ctx: c.var.ctx, url, except }), 200)
    },
  )
  .openapi(
    defineRoute('A', {
      operationId: 'createCourse',
      method: 'post',
      path: '/api/admin/cursos',
      tags: [ADMIN_TAG],
      summary: 'Cadastrar um curso',
      description:
        'Publica uma nova versão do catálogo: a página do curso, a busca e o sitemap passam a mostrá-lo.',
      request: jsonBody(CourseInput),
      responses: { 201: jsonContent(AdminCourse, 'O curso criado.') },
    }),
    async (c) =>
      c.json(
        await createCourse({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'getAdminCourse',
        method: 'get',
        path: '/api/admin/cursos/{id}',
        tags: [ADMIN_TAG],
        summary: 'Um curso com imagens, e-books, módulos e aulas',
        request: { params: IdParams, query: NoQuery },
        responses: { 200: jsonContent(AdminCourse, 'O curso.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getAdminCourse({ ctx: c.var.ctx, id: c.req.valid('param').id }), 200),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateCourse',
        method: 'put',
        path: '/api/admin/cursos/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar um curso',
        description: 'Envia a `version` lida: se outra pessoa salvou antes, responde 409 sem alterar nada.',
        request: { params: IdParams, ...jsonBody(CourseUpdateInput) },
        responses: { 200: jsonContent(AdminCourse, 'O curso alterado.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateCourse({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'setCoursePublished',
        method: 'put',
        path: '/api/admin/cursos/{id}/publicacao',
        tags: [ADMIN_TAG],
        summary: 'Publicar ou despublicar um curso',
        request: { params: IdParams, ...jsonBody(PublishInput) },
        responses: { 200: jsonContent(AdminCourse, 'O curso.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await setCoursePublished({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'uploadCourseImage',
        method: 'post',
        path: '/api/admin/cursos/{id}/imagens',
        tags: [ADMIN_TAG],
        summary: 'Enviar uma imagem para o slider do curso (JPG, PNG ou WebP, até 2 MB)',
        description:
          'Tipo, tamanho e assinatura do arquivo (magic number) são conferidos; a imagem vai para o R2.',
        request: { params: IdParams, ...uploadBody },
        responses: { 201: jsonContent(z.array(AdminImage), 'As imagens do curso, a nova por último.') },
      },
      { errors: ['notFound'], maxBodyBytes: CATALOG_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
    ),
    async (c) =>
      c.json(
        await addSliderImage({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          owner: 'course',
          id: c.req.valid('param').id,
          file: c.req.valid('form').image,
        }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateCourseImages',
        method: 'put',
        path: '/api/admin/cursos/{id}/imagens',
        tags: [ADMIN_TAG],
        summary: 'Reordenar ou remover imagens do slider do curso',
        description: '`expected` é o que a tela mostrava: se o slider mudou desde então, responde 409.',
        request: { params: IdParams, ...jsonBody(ImagesInput) },
        responses: { 200: jsonContent(z.array(AdminImage), 'As imagens do curso.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateSliderImages({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          owner: 'course',
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'createCourseModule',
        method: 'post',
        path: '/api/admin/cursos/{id}/modulos',
        tags: [ADMIN_TAG],
        summary: 'Criar um módulo no fim do curso',
        request: { params: IdParams, ...jsonBody(ModuleInput) },
        responses: { 201: jsonContent(AdminModule, 'O módulo.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) =>
      c.json(
        await createModule({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          courseId: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'reorderCourseModules',
        method: 'put',
        path: '/api/admin/cursos/{id}/modulos/ordem',
        tags: [ADMIN_TAG],
        summary: 'Nova ordem dos módulos do curso (todos os ids, uma vez cada)',
        request: { params: IdParams, ...jsonBody(OrderInput) },
        responses: { 200: jsonContent(Done, 'Reordenados.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      await reorderModules({
        ctx: c.var.ctx,
        actor: await actorOf(c),
        courseId: c.req.valid('param').id,
        ids: c.req.valid('json').ids,
      })
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateCourseModule',
        method: 'put',
        path: '/api/admin/modulos/{id}',
        tags: [ADMIN_TAG],
        summary: 'Renomear um módulo',
        request: { params: IdParams, ...jsonBody(ModuleUpdateInput) },
        responses: { 200: jsonContent(AdminModule.omit({ lessons: true }), 'O módulo.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateModule({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'deleteCourseModule',
        method: 'delete',
        path: '/api/admin/modulos/{id}',
        tags: [ADMIN_TAG],
        summary: 'Excluir um módulo e suas aulas',
        request: { params: IdParams },
        responses: { 200: jsonContent(Done, 'Excluído.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      await deleteModule({ ctx: c.var.ctx, actor: await actorOf(c), id: c.req.valid('param').id })
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'createLesson',
        method: 'post',
        path: '/api/admin/modulos/{id}/aulas',
        tags: [ADMIN_TAG],
        summary: 'Criar uma aula no fim do módulo (vídeo do YouTube e texto em markdown)',
        request: { params: IdParams, ...jsonBody(LessonInput) },
        responses: { 201: jsonContent(AdminLesson, 'A aula.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) =>
      c.json(
        await createLesson({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          moduleId: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'reorderLessons',
        method: 'put',
        path: '/api/admin/modulos/{id}/aulas/ordem',
        tags: [ADMIN_TAG],
        summary: 'Nova ordem das aulas do módulo (todos os ids, uma vez cada)',
        request: { params: IdParams, ...jsonBody(OrderInput) },
        responses: { 200: jsonContent(Done, 'Reordenadas.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      await reorderLessons({
        ctx: c.var.ctx,
        actor: await actorOf(c),
        moduleId: c.req.valid('param').id,
        ids: c.req.valid('json').ids,
      })
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateLesson',
        method: 'put',
        path: '/api/admin/aulas/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar uma aula',
        request: { params: IdParams, ...jsonBody(LessonUpdateInput) },
        responses: { 200: jsonContent(AdminLesson, 'A aula.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateLesson({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'deleteLesson',
        method: 'delete',
        path: '/api/admin/aulas/{id}',
        tags: [ADMIN_TAG],
        summary: 'Excluir uma aula',
        request: { params: IdParams },
        responses: { 200: jsonContent(Done, 'Excluída.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      await deleteLesson({ ctx: c.var.ctx, actor: await actorOf(c), id: c.req.valid('param').id })
      return c.json({ ok: true as const }, 200)
    },
  )
