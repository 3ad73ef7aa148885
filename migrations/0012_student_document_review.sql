ALTER TABLE `orders` ADD `student_doc_status` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `student_doc_decided_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `student_doc_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `student_doc_deadline` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `student_discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `difference_of` text;--> statement-breakpoint
CREATE INDEX `orders_student_doc` ON `orders` (`student_doc_status`,`student_doc_deadline`);--> statement-breakpoint
CREATE INDEX `orders_difference_of` ON `orders` (`difference_of`);--> statement-breakpoint
-- Orders written with a student document before the review existed wait for it.
UPDATE `orders` SET `student_doc_status` = 'pending' WHERE `is_student` = 1 AND `student_doc_key` IS NOT NULL;
