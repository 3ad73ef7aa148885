ALTER TABLE `orders` ADD `charge_attempts` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `payer` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `billing_address` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `boleto_due_at` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `charge_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `authentication_url` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `refusal_reason` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `settlement_id` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `reconciled_at` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `charged_back_at` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `plan_payments_one_open` ON `plan_payments` (`application_id`,`plan_id`) WHERE status IN ('pending', 'paid', 'partially_refunded');--> statement-breakpoint
CREATE INDEX `plan_payments_gateway_charge` ON `plan_payments` (`gateway_charge_id`);--> statement-breakpoint
CREATE INDEX `plan_payments_gateway_order` ON `plan_payments` (`gateway_order_id`);--> statement-breakpoint
CREATE INDEX `plan_payments_status_paid` ON `plan_payments` (`status`,`paid_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;