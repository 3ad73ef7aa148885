ALTER TABLE `orders` ADD `difference_kind` text;--> statement-breakpoint
DROP VIEW `class_seats`;--> statement-breakpoint
CREATE VIEW `class_seats` AS SELECT c.id AS class_id, c.seats AS seats,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ('pending', 'underpaid')) AS held,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ('paid', 'partially_refunded'))
  + (SELECT count(*) FROM enrollments e
    WHERE e.class_id = c.id AND e.status = 'active' AND e.order_id IS NULL) AS taken
  FROM classes c;--> statement-breakpoint
-- The difference orders written before this migration all paid a rejected student document's price.
UPDATE `orders` SET `difference_kind` = 'student_price' WHERE `difference_of` IS NOT NULL;
