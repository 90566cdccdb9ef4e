import type { Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { runTag } from './support/shop';
import { statePath } from './support/users';

// Signed in as the shop admin (global-setup.ts). Each journey's SKUs, names and slugs are new
// (runTag), so journeys running beside these never meet them.
test.use({ storageState: statePath('admin') });

const CSV_HEADER = 'sku,name,description,price,minimumOrderQuantity,availableQuantity,brand,category,img,attr:Thread';
const csvRow = (sku: string, name: string, price: string) =>
  [sku, name, 'Imported by a browser journey', price, '50', '1000', 'Acme', '', '/images/products/ball-bearing.svg', 'M8'].join(',');
const csvFile = (rows: string[]) => ({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[CSV_HEADER, ...rows].join('\r\n')}\r\n`) });

test('the admin checks a CSV file, sees its bad row, imports the corrected file and finds the product by its SKU', async ({ page }) => {
  const tag = runTag();
  const bolt = { sku: `E2E-IMP-${tag}-A`, name: `Imp Bolt ${tag}` };
  const nut = { sku: `E2E-IMP-${tag}-B`, name: `Imp Nut ${tag}` };

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();
  await expect(page.getByText('sku, name, description, price, minimumOrderQuantity, availableQuantity, brand, category, img')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the current catalogue as CSV' })).toHaveAttribute('href', '/api/service/export.csv');
  const exported = await page.request.get('/api/service/export.csv');
  expect(exported.headers()['content-type']).toContain('text/csv');
  expect((await exported.text()).split(/\r?\n/)[0]).toContain('sku,name,description,price');

  // Row 3 (the header is row 1) has a price that is not a number: the check names it, nothing is written.
  await page.getByLabel('CSV file').setInputFiles(csvFile([csvRow(bolt.sku, bolt.name, '1.25'), csvRow(nut.sku, nut.name, 'abc')]));
  await expect(page.getByRole('alert').filter({ hasText: '1 problem in this file' })).toBeVisible();
  const problem = page.getByRole('row').filter({ hasText: 'Price must be a number' });
  await expect(problem.getByRole('cell')).toHaveText(['3', 'price', 'Price must be a number']);
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await checkA11y(page);
  const found = (await (await page.request.get(`/api/service?q=${bolt.sku}`)).json()) as Product[];
  expect(found.map((p) => p.sku)).not.toContain(bolt.sku);

  // The corrected file checks clean and is imported.
  await page.getByLabel('CSV file').setInputFiles(csvFile([csvRow(bolt.sku, bolt.name, '1.25'), csvRow(nut.sku, nut.name, '0.40')]));
  await expect(page.getByText('2 products will be created, 0 updated')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'problem' })).toHaveCount(0);
  await importButton.click();
  await expect(page.getByText('Imported: 2 created, 0 updated')).toBeVisible();

  // The shop finds the new product by its SKU.
  await page.goto(`/products?q=${encodeURIComponent(nut.sku)}`);
  await expect(page.getByRole('link', { name: nut.name, exact: true })).toBeVisible();
  await expect(page.getByText(nut.sku, { exact: true })).toBeVisible();
});

test('the admin builds a category, files a product with a SKU and two specifications in it, and cannot delete the category in use', async ({ page }) => {
  // One long journey (three forms, three storefront pages).
  test.setTimeout(120_000);
  const tag = runTag();
  const category = { name: `E2E Clamps ${tag}`, slug: `e2e-clamps-${tag.toLowerCase()}` };
  const child = { name: `E2E Hose clamps ${tag}`, slug: `e2e-hose-clamps-${tag.toLowerCase()}` };
  const product = { sku: `e2e-cl-${tag.toLowerCase()}`, name: `Clamp ${tag}` };

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a category' });
  await add.getByLabel('Name').fill(category.name);
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`Category ${category.name} added`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`^${category.name} `) });
  await expect(row.getByRole('cell')).toHaveText([`${category.name} ${category.slug}`, '—', '0', /Rename or move/]);

  // A subcategory, given its own slug and placed under the new category.
  await add.getByLabel('Name').fill(child.name);
  await add.getByLabel('Slug (optional)').fill(child.slug);
  await add.getByLabel('Parent').selectOption(category.slug);
  await add.getByRole('button', { name: 'Add category' }).click();
  const childRow = page.getByRole('row', { name: new RegExp(`^${child.name} `) });
  await expect(childRow.getByRole('cell').nth(1)).toHaveText(category.name);

  // A category cannot move under itself or its own subcategory: neither is offered.
  await row.getByRole('button', { name: `Rename or move ${category.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${category.name}` });
  const parents = await dialog.getByLabel('Parent').locator('option').allTextContents();
  expect(parents.map((p) => p.trim())).not.toContain(category.name);
  expect(parents.map((p) => p.trim())).not.toContain(child.name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard/addproduct');
  await page.getByLabel('SKU').fill(product.sku);
  await page.getByLabel('Name').fill(product.name);
  await page.getByLabel('Brand').fill('Norma');
  await page.getByLabel('Category').selectOption(child.slug);
  await page.getByLabel('Description').fill('Worm-drive hose clamp');
  await page.getByLabel('Price (per piece, $)').fill('0.55');
  await page.getByLabel('Minimum order quantity').fill('100');
  await page.getByLabel('Available quantity').fill('3000');
  await page.getByLabel('Image URL').fill(new URL('/images/products/ball-bearing.svg', page.url()).href);
  await page.getByRole('button', { name: 'Add specification' }).click();
  await page.getByLabel('Specification 1', { exact: true }).fill('Width');
  await page.getByLabel('Value of specification 1', { exact: true }).fill('9 mm');
  await page.getByRole('button', { name: 'Add specification' }).click();
  await page.getByLabel('Specification 2', { exact: true }).fill('width');
  await page.getByLabel('Value of specification 2', { exact: true }).fill('W2 steel');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already listed' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Specification 2', { exact: true }).fill('Material');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Successfully Add product')).toBeVisible();

  // The same SKU again (in any case) is refused under the SKU field.
  await page.getByLabel('SKU').fill(product.sku.toUpperCase());
  await page.getByLabel('Name').fill(`${product.name} 2`);
  await page.getByLabel('Price (per piece, $)').fill('0.55');
  await page.getByLabel('Minimum order quantity').fill('100');
  await page.getByLabel('Available quantity').fill('3000');
  await page.getByLabel('Image URL').fill(new URL('/images/products/ball-bearing.svg', page.url()).href);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');

  const listed = (await (await page.request.get(`/api/service?category=${category.slug}`)).json()) as Product[];
  expect(listed.map((p) => p.name)).toEqual([product.name]);
  const saved = listed[0]!;
  expect(saved).toMatchObject({ sku: product.sku.toUpperCase(), brand: 'Norma', category: child.slug, attributes: { Width: '9 mm', Material: 'W2 steel' } });

  await page.goto(`/productdetails/${saved._id}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(page.getByText(product.sku.toUpperCase(), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: child.name })).toBeVisible();
  for (const text of ['Width', '9 mm', 'Material', 'W2 steel']) await expect(page.getByText(text, { exact: true })).toBeVisible();

  // The storefront's category filter (the parent takes in its subcategory) finds it.
  await page.goto(`/products?category=${category.slug}`);
  await expect(page.getByRole('link', { name: product.name, exact: true })).toBeVisible();

  // In use (a product and a subcategory), the category is not deleted: the server's reason shows.
  await page.goto('/dashboard/categories');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await row.getByRole('button', { name: `Delete category ${category.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${category.name} cannot be deleted` })).toContainText('Move them first');
  await expect(row).toBeVisible();

  // Renamed, it keeps its slug, so the product stays filed under it.
  await childRow.getByRole('button', { name: `Rename or move ${child.name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${child.name}` });
  await edit.getByLabel('Name').fill(`${child.name} W2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`^${child.name} W2 ${child.slug}`) })).toBeVisible();
});
