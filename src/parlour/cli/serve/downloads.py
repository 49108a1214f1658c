"""The files served apps offer their browsers (a screenshot), as the server holds them:
textual-serve's download list, bounded.

textual-serve keeps an entry for every file an app offers until the browser fetches it,
and an app's entries even after the app has ended (ending them puts an end-of-file in
each, and leaves it in the list): a client that never fetched what it was offered grew
the server, screenshot by screenshot and app by app, until the server stopped (each
entry also keeps its app's service, and so its websocket and request, from being
freed). The app itself holds only its latest screenshot
(:func:`parlour.tui.exports.drop_undelivered`); here the server does the same: it keeps
an app's latest offer only, and none of an app that has ended. An entry being fetched
is left for its fetch to finish (textual-serve removes it then)."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING

from textual_serve.download_manager import DownloadManager

if TYPE_CHECKING:
    from textual_serve.app_service import AppService


class LatestDownloads(DownloadManager):
    def __init__(self) -> None:
        super().__init__()
        #: the keys whose files are being fetched now
        self._fetching: set[str] = set()

    def _forget(self, app_service_id: str) -> None:
        """Drop the entries of an app that are not being fetched."""
        for key, download in list(self._active_downloads.items()):
            if download.app_service.app_service_id == app_service_id and key not in self._fetching:
                del self._active_downloads[key]

    async def create_download(
        self,
        *,
        app_service: AppService,
        delivery_key: str,
        file_name: str,
        open_method: str,
        mime_type: str,
        encoding: str | None = None,
        name: str | None = None,
    ) -> None:
        self._forget(app_service.app_service_id)
        await super().create_download(
            app_service=app_service,
            delivery_key=delivery_key,
            file_name=file_name,
            open_method=open_method,
            mime_type=mime_type,
            encoding=encoding,
            name=name,
        )

    async def download(self, delivery_key: str) -> AsyncGenerator[bytes, None]:
        self._fetching.add(delivery_key)
        try:
            async for chunk in super().download(delivery_key):
                yield chunk
        finally:
            self._fetching.discard(delivery_key)

    async def cancel_app_downloads(self, app_service_id: str) -> None:
        await super().cancel_app_downloads(app_service_id)
        self._forget(app_service_id)
