import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { NewsCategory } from '@/generated/NewsCategory';
import { MORE_CATEGORIES_LABEL } from './menu';
import classes from './Header.module.css';

/** 'Mais categorias' as a Mantine menu (loaded on the button's first click, open at once). */
export function MoreCategoriesMenu({
  more,
  defaultOpened = false,
}: {
  more: NewsCategory[];
  defaultOpened?: boolean;
}) {
  return (
    <Menu
      position="bottom-start"
      shadow="lg"
      width={220}
      withArrow
      offset={6}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <UnstyledButton className={classes.moreButton}>
          <span>{MORE_CATEGORIES_LABEL}</span>
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="more-categories">
        {more.map((category) => (
          <Menu.Item key={category.slug} component={Link} to={`/noticias/${category.slug}`}>
            {category.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
