"""The analytics warehouse (a Parquet projection of the store) and the meta statistics over it (see README.md here).

Entry points: ``dashboards.warehouse.update_warehouse(store, folder)``, ``dashboards.queries.statistics(folder,
kind, filters)`` with ``kind`` in cards, decks, matchups, first, trends, and ``dashboards.location.warehouse_folder``.
"""
