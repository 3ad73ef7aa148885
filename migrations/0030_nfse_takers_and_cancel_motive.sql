ALTER TABLE `plan_payments` ADD `company` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `foreign_buyer` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `cancel_motive` text;