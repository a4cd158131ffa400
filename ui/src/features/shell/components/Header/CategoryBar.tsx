import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconNews } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useNewsCategories } from '@/lib/news-categories';
import { splitCategories } from '../../lib/categories';
import classes from './Header.module.css';

export const MORE_CATEGORIES_LABEL = 'Mais categorias';

export function CategoryBar({ mobile }: { mobile: boolean }) {
  const categories = useNewsCategories();
  const { inline, more } = splitCategories(categories, mobile);

  return (
    <nav aria-label="Categorias de notícias" className={classes.categoryNav}>
      <ul className={classes.categoryList}>
        <li className={classes.categoryLabel} aria-hidden>
          <IconNews size={16} />
          <span>Notícias</span>
        </li>
        {inline.map((category) => (
          <li key={category.slug}>
            <NavLink
              to={`/noticias/${category.slug}`}
              className={classes.categoryLink}
              data-testid="category-inline"
            >
              {category.name}
            </NavLink>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <Menu position="bottom-start" shadow="lg" width={220} withArrow offset={6}>
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
          </li>
        )}
      </ul>
    </nav>
  );
}
