// The database schema, one file per area under db/schema/; this barrel is what the code and
// drizzle-kit (drizzle.config.ts) import. Enumerations have one home each in worker/domain
// (catalog, roles, payments, leads); the database stores their exact strings.

export * from './schema/accounts.ts'
export * from './schema/assessment.ts'
export * from './schema/catalog.ts'
export * from './schema/certificates.ts'
export * from './schema/conference.ts'
export * from './schema/course-content.ts'
export * from './schema/editais.ts'
export * from './schema/fiscal.ts'
export * from './schema/institute.ts'
export * from './schema/leads.ts'
export * from './schema/live-questions.ts'
export * from './schema/operations.ts'
export * from './schema/orders.ts'
export * from './schema/recovery.ts'
export * from './schema/relations.ts'
export * from './schema/showcase.ts'
