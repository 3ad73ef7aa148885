CREATE TABLE `live_flushes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`talk_id` integer NOT NULL,
	`questions` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `live_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`talk_id` integer NOT NULL,
	`user_id` integer,
	`author_name` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	`asked_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`talk_id`) REFERENCES `conference_talks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `live_questions_talk` ON `live_questions` (`talk_id`);--> statement-breakpoint
CREATE INDEX `live_questions_user` ON `live_questions` (`user_id`);--> statement-breakpoint
CREATE TABLE `live_reactions` (
	`talk_id` integer NOT NULL,
	`minute` integer NOT NULL,
	`kind` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`talk_id`, `minute`, `kind`),
	FOREIGN KEY (`talk_id`) REFERENCES `conference_talks`(`id`) ON UPDATE no action ON DELETE cascade
);
