ALTER TABLE `applications` ADD `decision_reason` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `decided_at` integer;--> statement-breakpoint
CREATE INDEX `applications_edital_status` ON `applications` (`edital_id`,`status`);--> statement-breakpoint
ALTER TABLE `editais` ADD `places` integer;--> statement-breakpoint
ALTER TABLE `editais` ADD `pdf_key` text;--> statement-breakpoint
ALTER TABLE `editais` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_plans` ADD `kind` text DEFAULT 'registration' NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_plans` ADD `due_on` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `refund_key` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `refund_requested_at` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `refund_requested_cents` integer;