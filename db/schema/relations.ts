import { relations } from 'drizzle-orm'
import { bundleClasses, bundles, classes, courses } from './catalog.ts'
import { courseMaterials, courseModules, lessons } from './course-content.ts'
import { applications, editais, feePlans, planPayments } from './editais.ts'
import { ebooks } from './institute.ts'
import { orderItems, orders } from './orders.ts'
import { showcaseCards, showcaseLists } from './showcase.ts'

// The schema: Relations (for drizzle's relational queries: one SQL statement each).

export const coursesRelations = relations(courses, ({ many }) => ({
  classes: many(classes),
  ebooks: many(ebooks),
  modules: many(courseModules),
  materials: many(courseMaterials),
}))
export const classesRelations = relations(classes, ({ one, many }) => ({
  course: one(courses, { fields: [classes.courseId], references: [courses.id] }),
  bundles: many(bundleClasses),
}))
export const bundlesRelations = relations(bundles, ({ many }) => ({
  classes: many(bundleClasses),
}))
export const bundleClassesRelations = relations(bundleClasses, ({ one }) => ({
  bundle: one(bundles, { fields: [bundleClasses.bundleId], references: [bundles.id] }),
  class: one(classes, { fields: [bundleClasses.classId], references: [classes.id] }),
}))
export const showcaseListsRelations = relations(showcaseLists, ({ many }) => ({
  cards: many(showcaseCards),
}))
export const showcaseCardsRelations = relations(showcaseCards, ({ one }) => ({
  list: one(showcaseLists, { fields: [showcaseCards.listId], references: [showcaseLists.id] }),
}))
export const courseModulesRelations = relations(courseModules, ({ one, many }) => ({
  course: one(courses, { fields: [courseModules.courseId], references: [courses.id] }),
  lessons: many(lessons),
}))
export const courseMaterialsRelations = relations(courseMaterials, ({ one }) => ({
  course: one(courses, { fields: [courseMaterials.courseId], references: [courses.id] }),
}))
export const lessonsRelations = relations(lessons, ({ one }) => ({
  module: one(courseModules, { fields: [lessons.moduleId], references: [courseModules.id] }),
}))
export const ebooksRelations = relations(ebooks, ({ one }) => ({
  course: one(courses, { fields: [ebooks.courseId], references: [courses.id] }),
}))
export const editaisRelations = relations(editais, ({ many }) => ({
  plans: many(feePlans),
}))
export const feePlansRelations = relations(feePlans, ({ one }) => ({
  edital: one(editais, { fields: [feePlans.editalId], references: [editais.id] }),
}))
export const applicationsRelations = relations(applications, ({ one, many }) => ({
  edital: one(editais, { fields: [applications.editalId], references: [editais.id] }),
  payments: many(planPayments),
}))
export const planPaymentsRelations = relations(planPayments, ({ one }) => ({
  application: one(applications, { fields: [planPayments.applicationId], references: [applications.id] }),
  plan: one(feePlans, { fields: [planPayments.planId], references: [feePlans.id] }),
}))
export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
}))
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}))
