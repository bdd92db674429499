-- Reference data: the two warehouses (spec.md: 1 Guangzhou, 2 Beijing).
INSERT INTO "warehouses" ("id", "name_zh") VALUES (1, '广州仓'), (2, '北京仓') ON CONFLICT ("id") DO NOTHING;
