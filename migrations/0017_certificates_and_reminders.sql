CREATE TABLE `abandoned_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`cart_hash` text NOT NULL,
	`items` text NOT NULL,
	`total_cents` integer NOT NULL,
	`cart` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`seen_at` integer NOT NULL,
	`order_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `abandoned_checkouts_email_cart` ON `abandoned_checkouts` (`email`,`cart_hash`);--> statement-breakpoint
CREATE INDEX `abandoned_checkouts_open` ON `abandoned_checkouts` (`order_id`,`seen_at`);--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL,
	`user_id` integer,
	`course_id` integer,
	`class_id` integer,
	`talk_id` integer,
	`holder_name` text,
	`title` text NOT NULL,
	`minutes` integer NOT NULL,
	`started_on` text,
	`completed_on` text NOT NULL,
	`body` text NOT NULL,
	`signatory` text,
	`credential` text,
	`issued_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`replaced_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`talk_id`) REFERENCES `conference_talks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_code_unique` ON `certificates` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_subject_generation` ON `certificates` (`subject`,`generation`);--> statement-breakpoint
CREATE INDEX `certificates_user` ON `certificates` (`user_id`);--> statement-breakpoint
CREATE INDEX `certificates_issued` ON `certificates` (`issued_at`);--> statement-breakpoint
CREATE TABLE `conference_attendance` (
	`user_id` integer NOT NULL,
	`talk_id` integer NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`last_seen_at` integer,
	PRIMARY KEY(`user_id`, `talk_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`talk_id`) REFERENCES `conference_talks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conference_attendance_flushes` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `conference_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`min_share` integer DEFAULT 75 NOT NULL,
	`signatory_name` text,
	`signatory_role` text,
	`signature_key` text,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "conference_settings_single_row" CHECK("conference_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`email` text NOT NULL,
	`checkout_id` text,
	`order_id` text,
	`application_id` integer,
	`plan_id` integer,
	`outbox_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`checkout_id`) REFERENCES `abandoned_checkouts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`plan_id`) REFERENCES `fee_plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminders_subject_unique` ON `reminders` (`subject`);--> statement-breakpoint
CREATE INDEX `reminders_created` ON `reminders` (`created_at`);--> statement-breakpoint
CREATE INDEX `reminders_order` ON `reminders` (`order_id`);--> statement-breakpoint
ALTER TABLE `applications` ADD `reminders_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `certificate_share` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `signatory_name` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `signatory_role` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `signature_key` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `certificate_template` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `attendance` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `attendance_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `reminders_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO `conference_settings` (`id`) VALUES (1);