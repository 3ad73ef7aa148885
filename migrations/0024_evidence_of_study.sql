CREATE TABLE `lesson_openings` (
	`user_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`opened_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lesson_playbacks` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`playback` text NOT NULL,
	`lesson_id` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`credited_ms` integer DEFAULT 0 NOT NULL,
	`last_beat_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lesson_segments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`playback` text NOT NULL,
	`from_ms` integer NOT NULL,
	`to_ms` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_segments_user_lesson` ON `lesson_segments` (`user_id`,`lesson_id`);--> statement-breakpoint
CREATE INDEX `lesson_segments_playback` ON `lesson_segments` (`playback`,`to_ms`);--> statement-breakpoint
ALTER TABLE `courses` ADD `watch_share` integer DEFAULT 90 NOT NULL;