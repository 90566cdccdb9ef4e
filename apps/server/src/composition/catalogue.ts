import { customPlansOf } from '../db/database.js';
import type { Units } from '../db/unit-of-work.js';
import { createAllocateBackordersNow, type AllocateBackordersIn } from '../flows/allocate-backorders.js';
import { createCategoriesRepository } from '../modules/categories/categories.repository.js';
import { createCategoriesService, type CategoriesService } from '../modules/categories/categories.service.js';
import type { CatalogueCache } from '../modules/products/catalogue-cache.js';
import { createCatalogueReader } from '../modules/products/catalogue-reader-pool.js';
import { createCatalogueSearchRepository } from '../modules/products/catalogue-search.repository.js';
import { createCatalogueSearch } from '../modules/products/catalogue-search.service.js';
import { createProductsAdminService, type ProductsAdminDeps } from '../modules/products/product-admin.service.js';
import { createProductExportService } from '../modules/products/product-export.service.js';
import { createProductImportRepository } from '../modules/products/product-import.repository.js';
import { createProductImportService } from '../modules/products/product-import.service.js';
import { createProductsRepository, type ProductsRepository } from '../modules/products/products.repository.js';
import { createProductsService } from '../modules/products/products.service.js';
import type { Base } from './base.js';

export interface CatalogueDeps extends Base {
  catalogueCache: CatalogueCache;
}

/** The catalogue buyers read: products (their search and the reader pool) and categories. */
export function buildCatalogue({ config, db, engine, log, catalogueCache }: CatalogueDeps) {
  const productsRepo = createProductsRepository(db);
  // The search widens a category to its descendants with the tree (read when asked, so categories may be built later).
  // On SQLite the catalogue's reads run in worker threads with their own read-only connections, so a
  // heavy search never holds the event loop (ADR 0023); PostgreSQL reads through its pool.
  // On PostgreSQL its statements are planned for their own parameters every time (database.ts customPlansOf).
  const catalogueReader = createCatalogueReader(createCatalogueSearchRepository(customPlansOf(db), engine), {
    engine,
    file: config.database.engine === 'sqlite' ? config.database.file : undefined,
    threads: config.catalogue.readerThreads,
    log,
  });
  const catalogueSearch = createCatalogueSearch({
    reader: catalogueReader,
    categoryTree: () => categories.tree(),
    budgetMs: config.catalogue.queryBudgetMs,
    cache: catalogueCache,
  });
  const products = createProductsService(productsRepo, catalogueCache, catalogueSearch, catalogueReader);
  // Category counts come from products; GET /api/categories is in the catalogue cache, so its writes clear it too.
  const categories = createCategoriesService({ repo: createCategoriesRepository(db, engine), products, cache: catalogueCache });

  return { productsRepo, products, categories };
}

export interface CatalogueAdminDeps extends Pick<Base, 'db'> {
  productsRepo: ProductsRepository;
  catalogueCache: CatalogueCache;
  categories: CategoriesService;
  units: Units;
  allocateBackordersIn: AllocateBackordersIn;
  hasOrders: ProductsAdminDeps['hasOrders'];
  /** Issue 33: what other modules keep for a deleted product goes with it (its documents). */
  afterDelete: NonNullable<ProductsAdminDeps['afterDelete']>;
}

/** The catalogue's admin side: product writes, and the CSV import and export. */
export function buildCatalogueAdmin({ db, productsRepo, catalogueCache, categories, units, allocateBackordersIn, hasOrders, afterDelete }: CatalogueAdminDeps) {
  const productsAdmin = createProductsAdminService(productsRepo, {
    cache: catalogueCache,
    hasOrders,
    categoryExists: categories.exists,
    stockRaised: createAllocateBackordersNow(units, allocateBackordersIn),
    afterDelete,
    categoryTree: () => categories.tree(),
  });
  // CSV import/export: the import asks the categories module which slugs are unknown, and clears the catalogue cache after its commit.
  const productImportRepo = createProductImportRepository(db);
  const productImport = createProductImportService({
    repo: productImportRepo,
    cache: catalogueCache,
    missingCategories: (slugs) => categories.findMissing(slugs),
  });
  const productExport = createProductExportService(productImportRepo);

  return { productsAdmin, productImport, productExport };
}
