ALTER TABLE `orders` ADD `is_over_seats` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `order_items_class` ON `order_items` (`class_id`);--> statement-breakpoint
CREATE VIEW `class_seats` AS SELECT c.id AS class_id, c.seats AS seats,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status = 'pending') AS held,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ('paid', 'partially_refunded'))
  + (SELECT count(*) FROM enrollments e
    WHERE e.class_id = c.id AND e.status = 'active' AND e.order_id IS NULL) AS taken
  FROM classes c;--> statement-breakpoint
-- A class's seats are enforced by the database (decision 011): an order line that puts its class
-- over its seats fails the order's whole batch, and so does an expired order issued again into a
-- class whose seats were sold meanwhile. Settlement writes no line, so a late payment is honoured.
CREATE TRIGGER `order_items_seat` AFTER INSERT ON `order_items` WHEN new.class_id IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'class_sold_out') FROM class_seats s
  WHERE s.class_id = new.class_id AND s.seats IS NOT NULL AND s.taken + s.held > s.seats;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_seat_reopened` AFTER UPDATE OF `status` ON `orders`
  WHEN new.status = 'pending' AND old.status <> 'pending' BEGIN
  SELECT RAISE(ABORT, 'class_sold_out') FROM order_items i JOIN class_seats s ON s.class_id = i.class_id
  WHERE i.order_id = new.id AND s.seats IS NOT NULL AND s.taken + s.held > s.seats;
END;
