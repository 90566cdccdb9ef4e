import path from 'node:path';
import { createAdminReportsService } from '../modules/admin-reports/admin-reports.service.js';
import type { CompaniesService } from '../modules/companies/companies.service.js';
import { createDocumentsRepository } from '../modules/documents/documents.repository.js';
import { createDocumentsService } from '../modules/documents/documents.service.js';
import { createHealthRepository } from '../modules/health/health.repository.js';
import { createOrderReportsRepository } from '../modules/orders/order-reports.repository.js';
import { createOrderReportsService } from '../modules/orders/order-reports.service.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { CatalogueCache } from '../modules/products/catalogue-cache.js';
import type { ProductsService } from '../modules/products/products.service.js';
import type { QuotesService } from '../modules/quotes/quotes.service.js';
import type { RateLimiter } from '../modules/rate-limit/rate-limit.service.js';
import type { ReturnsService } from '../modules/returns/returns.service.js';
import { createReviewsRepository } from '../modules/reviews/reviews.repository.js';
import { createReviewsService } from '../modules/reviews/reviews.service.js';
import { createSitePagesRepository } from '../modules/site-pages/site-pages.repository.js';
import { createSitePagesService } from '../modules/site-pages/site-pages.service.js';
import { createS3Storage } from '../modules/uploads/s3-storage.js';
import { createLocalDiskStorage } from '../modules/uploads/storage.js';
import { createUploadsRepository } from '../modules/uploads/uploads.repository.js';
import { createUploadsService } from '../modules/uploads/uploads.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { Base } from './base.js';

export interface ContentAndReportsDeps extends Pick<Base, 'config' | 'db' | 'engine'> {
  rateLimiter: RateLimiter;
  catalogueCache: CatalogueCache;
  users: UsersService;
  companies: CompaniesService;
  products: ProductsService;
  orders: OrdersService;
  quotes: QuotesService;
  returns: ReturnsService;
}

/** Reviews, uploaded files (images, product documents), the site's pages, and what admins and probes read (reports, health). */
export function buildContentAndReports({
  config,
  db,
  engine,
  rateLimiter,
  catalogueCache,
  users,
  companies,
  products,
  orders,
  quotes,
  returns,
}: ContentAndReportsDeps) {
  const reviews = createReviewsService(createReviewsRepository(db));
  // Uploads: an S3-compatible bucket every instance shares when S3_* is set (ADR 0021), else the data folder.
  const storage = config.objectStorage ? createS3Storage(config.objectStorage) : createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const uploads = createUploadsService({
    repo: createUploadsRepository(db),
    storage,
    rateLimiter,
    isInUse: async (url) =>
      (await Promise.all([users.imageInUse(url), products.imageInUse(url), reviews.imageInUse(url), orders.imageInUse(url)])).some(Boolean),
  });
  // Issue 33: product documents, stored where the images are (disk or bucket), shown per company.
  const documents = createDocumentsService({ repo: createDocumentsRepository(db), storage, products, companies, cache: catalogueCache, rateLimiter });
  // The overview, the export and the operator's inbox (issue 33); returns to receive are 0 until
  // issue 31's returns module gives its count (admin-reports/returns-to-receive.ts).
  const adminReports = createAdminReportsService({ orders: createOrderReportsService(createOrderReportsRepository(db)), products, quotes, returns });
  const health = { engine, ...createHealthRepository(db) };
  // Issue 33: the terms of sale and privacy texts admins edit.
  const sitePages = createSitePagesService(createSitePagesRepository(db));

  return { reviews, storage, uploads, documents, adminReports, health, sitePages };
}
