CREATE TABLE `assessment_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`number` integer NOT NULL,
	`questions` text NOT NULL,
	`answers` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`pass_percent` integer NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer,
	`submitted_at` integer,
	`score_percent` integer,
	`is_passed` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assessment_attempts_number` ON `assessment_attempts` (`user_id`,`course_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `assessment_attempts_one_open` ON `assessment_attempts` (`user_id`,`course_id`) WHERE submitted_at IS NULL;--> statement-breakpoint
CREATE INDEX `assessment_attempts_course` ON `assessment_attempts` (`course_id`);--> statement-breakpoint
CREATE TABLE `assessment_extra_attempts` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`extra` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `assessment_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`prompt` text NOT NULL,
	`options` text NOT NULL,
	`correct_option` integer NOT NULL,
	`explanation` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "assessment_questions_options" CHECK(json_array_length("assessment_questions"."options") BETWEEN 2 AND 5 AND "assessment_questions"."correct_option" >= 0 AND "assessment_questions"."correct_option" < json_array_length("assessment_questions"."options"))
);
--> statement-breakpoint
CREATE INDEX `assessment_questions_course_order` ON `assessment_questions` (`course_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `assessment_settings` (
	`course_id` integer PRIMARY KEY NOT NULL,
	`is_enabled` integer DEFAULT false NOT NULL,
	`exam_size` integer DEFAULT 10 NOT NULL,
	`pass_percent` integer DEFAULT 70 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`wait_hours` integer DEFAULT 24 NOT NULL,
	`time_limit_minutes` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
