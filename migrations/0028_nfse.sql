CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref` text NOT NULL,
	`source` text NOT NULL,
	`order_id` text,
	`plan_payment_id` text,
	`sequence` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`value_cents` integer NOT NULL,
	`iss_cents` integer DEFAULT 0 NOT NULL,
	`competence` text NOT NULL,
	`snapshot` text NOT NULL,
	`issue_after` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`claimed_until` integer,
	`claim_token` text,
	`sent_at` integer,
	`number` text,
	`access_key` text,
	`verification_code` text,
	`pdf_url` text,
	`xml_url` text,
	`provider_message` text,
	`replaces_id` integer,
	`cancel_reason` text,
	`cancel_requested_at` integer,
	`authorized_at` integer,
	`cancelled_at` integer,
	`emailed_at` integer,
	`closed_at` integer,
	`closed_note` text,
	`closed_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`plan_payment_id`) REFERENCES `plan_payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_ref` ON `invoices` (`ref`);--> statement-breakpoint
CREATE INDEX `invoices_order` ON `invoices` (`order_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `invoices_plan_payment` ON `invoices` (`plan_payment_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `invoices_state_next` ON `invoices` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `invoices_competence` ON `invoices` (`competence`);--> statement-breakpoint
CREATE INDEX `invoices_created` ON `invoices` (`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `company` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `foreign_buyer` text;