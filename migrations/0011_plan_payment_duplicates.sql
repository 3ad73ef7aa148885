DROP INDEX `plan_payments_one_open`;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `duplicate_of` text;--> statement-breakpoint
CREATE UNIQUE INDEX `plan_payments_one_open` ON `plan_payments` (`application_id`,`plan_id`) WHERE status IN ('pending', 'paid', 'partially_refunded') AND duplicate_of IS NULL;