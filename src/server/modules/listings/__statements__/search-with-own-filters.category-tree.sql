
    with recursive tree(id) as (
      select $1::integer
      union
      select "categories"."id" from "categories" join tree on "categories"."parent_id" = tree.id
    )
    select id from tree
